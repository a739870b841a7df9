-- Asynchronous AI operations: the platform answers "accepted" with its own job id and the result
-- is asked for later. The id is stored as soon as the first answer arrives, so a job that has one
-- is never submitted (or billed) again: after a restart it goes back to asking with that id.
ALTER TABLE ai_jobs ADD COLUMN remote_job_id TEXT;
-- When the platform accepted the job (epoch ms); the polling deadline counts from here.
ALTER TABLE ai_jobs ADD COLUMN submitted_at INTEGER;
-- When to ask next, and when to stop asking and fail the job (epoch ms).
ALTER TABLE ai_jobs ADD COLUMN poll_next_at INTEGER;
ALTER TABLE ai_jobs ADD COLUMN poll_deadline_at INTEGER;
-- Questions asked so far: the wait between them grows with it (the profile's backoff).
ALTER TABLE ai_jobs ADD COLUMN poll_count INTEGER NOT NULL DEFAULT 0;
-- Why an answer was kept raw, in words (which configured path found nothing, a refused address).
ALTER TABLE ai_jobs ADD COLUMN shape_note TEXT;
