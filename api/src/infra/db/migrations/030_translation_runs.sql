-- Each start of a translation has its own run id: a job writes only while its run is the row's (a run started again
-- after a stall makes the older job's writes no-ops instead of overwriting the newer one).
alter table character_translations add column run_id text not null default '';
