-- Members' own OpenAI keys are encrypted at rest (AES-256-GCM, src/infra/crypto/secretBox.ts): openai_api_key holds
-- base64url(iv | ciphertext | tag), openai_api_key_kid the id of the key that sealed it (SECRETS_KEYS), and
-- openai_api_key_hint the masked form shown to the member ("sk-…abcd"). Rows written before this migration have a
-- plain-text key and no kid: the API seals them when it starts (src/modules/users/openAiKeyStore.ts).
alter table users add column openai_api_key_kid text;
alter table users add column openai_api_key_hint text;
