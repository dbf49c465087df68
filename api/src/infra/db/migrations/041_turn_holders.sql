-- A turn's lease names the API process that holds it (conversations.turn_holder), and each process says it is alive
-- (api_processes.seen_at, every few seconds): a lease whose process has gone silent (killed, its machine lost) is free
-- at once, instead of blocking the conversation until the lease expires. Leases without a holder (taken before this
-- migration) hold until they expire, as before.
create table api_processes (
  id uuid primary key,
  started_at timestamptz not null,
  seen_at timestamptz not null
);

alter table conversations add column turn_holder uuid;
