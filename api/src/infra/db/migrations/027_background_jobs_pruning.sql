-- Ended background jobs are deleted a week after they ended (infra/jobs/backgroundJobs.ts): found by when they ended.
create index background_jobs_ended_idx on background_jobs ((coalesce(completed_at, failed_at))) where completed_at is not null or failed_at is not null;
