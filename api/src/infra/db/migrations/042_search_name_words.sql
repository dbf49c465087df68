-- The words of a chatbot's name alone (the A-weight part of search_tsv): the ranked first page of a query that
-- matches much of the catalog ("the", "a") reads its name matches from here instead of sorting every match by
-- relevance (api/src/modules/search/largeMatches.ts).
create index search_documents_name_tsv_idx on search_documents using gin (to_tsvector('simple'::regconfig, name));
-- And the name itself, lower-cased: the exact-name matches that rank first.
create index search_documents_lower_name_idx on search_documents (application_id, lower(name));
