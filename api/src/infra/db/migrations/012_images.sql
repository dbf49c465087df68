-- Avatar pictures, uploaded or generated (modules/images; document 1 §3 "Generated avatar image", §5, §7 generate-image
-- and save-image; contracts' api/images.ts). The files live in the object store (infra/storage) under
-- images/<hash>/<preset>.webp; a row here means every file of the picture is stored.

-- One row per picture, by the first 32 hex characters of the SHA-256 of the file it was made from (the uploaded file,
-- or the generator's output). Pictures are shared: the same file uploaded twice is one picture.
create table images (
  hash text primary key check (hash ~ '^[0-9a-f]{32}$'),
  source text not null check (source in ('upload', 'generated')),
  -- Adult content: marked by an uploader, or seen in a prompt. Once marked it stays marked (viewers see it blurred).
  is_nsfw boolean not null default false,
  -- The re-encoded original's size in pixels.
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  -- Who first stored it (null once that account is deleted) and in which application.
  created_by uuid references users (id) on delete set null,
  application_id text not null,
  -- What a generated picture was drawn from (an uploaded one may carry the prompt the form saved it with).
  prompt text,
  negative_prompt text,
  seed bigint check (seed is null or seed between 0 and 4294967295),
  model_style text,
  generator text,
  created_at timestamptz not null default now()
);

-- Uploads asked for with save-image and not yet completed: what was announced (type, size, the uploader's NSFW mark
-- and prompt). The bytes wait in the object store under uploads/<user>/<hash> until the completion processes them.
create table image_uploads (
  user_id uuid not null references users (id) on delete cascade,
  hash text not null check (hash ~ '^[0-9a-f]{32}$'),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  size integer not null check (size between 1 and 10485760),
  is_nsfw boolean not null default false,
  prompt text,
  -- After this the upload can no longer be completed (the signed URL expired well before).
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (user_id, hash)
);

create index image_uploads_expires_idx on image_uploads (expires_at);
