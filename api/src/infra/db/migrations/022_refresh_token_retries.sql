-- A refresh whose answer was lost (a reload cut it off) may be retried by the same device under the same attempt id
-- (contracts RefreshAttemptIdSchema). The spent token keeps that id and the hash of the successor it was exchanged
-- for: a retry with the same id, soon, while that successor is unspent, replaces the successor instead of being taken
-- for a replay.
alter table refresh_tokens add column attempt_id text;
alter table refresh_tokens add column successor_hash text;
