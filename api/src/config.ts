import { AUTH_TOKEN_LIFETIMES, CHARACTER_FAVORITE_LIMIT } from '@fable/contracts';

/**
 * Connections per API process: enough that 200 open chat streams (about 90 turns a second, each two reads, a short
 * transaction for the user's message and one for the reply) need not wait for one; more would only add backends
 * competing for the same cores. The chat bench's figures vary more from run to run on this machine than between
 * 10 and 20 connections, so this is a sizing choice, not a measured gain.
 */
export const DATABASE_POOL_MAX = 20;
/**
 * Seconds a stopping API process gives its open chat streams in production (a long reply of a slow model takes a
 * minute or two); the orchestrator's grace period must be longer (the Helm chart's terminationGracePeriodSeconds, deploy/helm/fable/templates/api.yaml).
 * Elsewhere (npm start, the e2e suite) DEV_SHUTDOWN_GRACE_SECONDS, so that a stop is quick.
 */
export const SHUTDOWN_GRACE_SECONDS = 120;
export const DEV_SHUTDOWN_GRACE_SECONDS = 10;
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';
import { parseSecretKeys, type SecretKey } from './infra/crypto/secretKeys';
import { readImageGeneratorsFile, type ImageGeneratorEntry } from './infra/imageGeneration/generatorConfig';
import { readPaymentsConfig, type PaymentsConfig } from './infra/payments/paymentsConfig';
import type { EmbeddingsOptions } from './infra/inference/embeddings';
import { readModelsFile, type ModelFileEntry } from './infra/inference/models';
import { readImageStorage, type ImageStorageConfig } from './infra/storage/storageConfig';
import { sharedStateProblems } from './sharedStateConfig';
import { readOidcProviders, type OidcProviderConfig } from './modules/auth/oidc/providerConfig';
import { readSubscribeStarConfig, type SubscribeStarConfig } from './modules/billing/supporterLink/subscribeStarConfig';
import type { QueueTimings } from './modules/chat/queue/queuePolicy';
import { readModerationEndpoint, type ModerationEndpointConfig } from './modules/moderation/moderationConfig';

/** The repository root (api/src/config.ts → ../..); the embedded database lives in `<repo>/.data` by default. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** DATA_DIR value that keeps the embedded database in memory (tests). */
export const IN_MEMORY = ':memory:';

/** Unset and empty variables both mean "not configured". */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const urlWithProtocol = (protocols: string[], name: string) =>
  optionalString.refine(
    (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)),
    `${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  );

const envSchema = z.object({
  PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3100)),
  HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('127.0.0.1')),
  /** The Prometheus metrics' own port (GET /metrics there, on HOST); unset: not served. */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  DATABASE_URL: urlWithProtocol(['postgres', 'postgresql'], 'DATABASE_URL'),
  REDIS_URL: urlWithProtocol(['redis', 'rediss'], 'REDIS_URL'),
  DATA_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default(path.join(REPO_ROOT, '.data'))),
  NODE_ENV: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
  /** Lifetime of access tokens; the e2e suite shortens it to watch one expire. */
  ACCESS_TOKEN_TTL_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(86_400).default(AUTH_TOKEN_LIFETIMES.accessSeconds),
  ),
  /** Auth calls allowed per IP in 10 minutes (rate limit authPerIp); the e2e suite, all of it from one IP, raises it. */
  AUTH_RATE_LIMIT_PER_IP: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).optional()),
  /** Connections of the PostgreSQL pool (each API process). */
  DATABASE_POOL_MAX: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(500).default(DATABASE_POOL_MAX)),
  /** How many bots a member may favourite (document 1 §8 character_favorite_limit); the e2e suite sets it small. */
  CHARACTER_FAVORITE_LIMIT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(100_000).default(CHARACTER_FAVORITE_LIMIT),
  ),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'JWT_SECRET must be at least 32 characters'),
  SMTP_URL: urlWithProtocol(['smtp', 'smtps'], 'SMTP_URL'),
  MAIL_FROM: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('Fable <no-reply@fable.example>')),
  PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^https?:\/\/[^/]+$/, 'PUBLIC_URL must be an origin like https://fable.example (no path)')
      .default('http://localhost:3000'),
  ),
  PARTNER_SECRETS: optionalString.refine(
    (v) => v === undefined || v.split(',').every((pair) => /^[a-z0-9][a-z0-9_-]{0,63}=.{16,}$/.test(pair.trim())),
    'PARTNER_SECRETS must be application=secret pairs separated by commas (secrets of 16+ characters)',
  ),
  /** JSON list of the inference models (infra/inference/models.ts); unset: the built-in demo model only. */
  INFERENCE_MODELS_FILE: optionalString,
  /** Milliseconds between the demo model's words (default 25; 0 in tests). */
  DEMO_TOKEN_INTERVAL_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(5000).optional()),
  /** Where members' own OpenAI keys are used (openai_mode enabled or hybrid). */
  OPENAI_BASE_URL: urlWithProtocol(['http', 'https'], 'OPENAI_BASE_URL'),
  /** The OpenAI model used with a member's own key (default gpt-4o-mini). */
  OPENAI_USER_MODEL: optionalString,
  /** Verified emails that get the employee role (and with it the admin permission) when they sign in. */
  ADMIN_EMAILS: optionalString.refine(
    (v) => v === undefined || v.split(',').every((email) => /^[^\s@,]+@[^\s@,]+$/.test(email.trim())),
    'ADMIN_EMAILS must be email addresses separated by commas',
  ),
  /** JSON list of the avatar image generators (infra/imageGeneration/generatorConfig.ts); unset: the demo generator. */
  IMAGE_GENERATORS_FILE: optionalString,
  /** Key of the API's own signed upload URLs (images not in S3); in production uploads to disk need it. */
  /** Concurrent generations of a model whose entry names no capacity (the demo model included): beyond it chat waits. */
  INFERENCE_CAPACITY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100_000).optional()),
  /** HMAC key of the waiting room's bypass links; unset in production: no bypass links. */
  QUEUE_BYPASS_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'QUEUE_BYPASS_SECRET must be at least 32 characters'),
  /** The one character whose chat never waits (document 1 §4 "one fixed character id is always bypassed"). */
  QUEUE_BYPASSED_CHARACTER_ID: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9-]{1,64}$/.test(v), 'QUEUE_BYPASSED_CHARACTER_ID must be a character id'),
  /** Chat ads show past this many messages (document 1 §6 display_ads: "minimum configurable, default 10"). */
  ADS_MIN_MESSAGES: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(1000).optional()),
  IMAGE_UPLOAD_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'IMAGE_UPLOAD_SECRET must be at least 32 characters'),
  /** An OpenAI-compatible embeddings endpoint for the semantic memory (…/v1); unset: the local lexical ranking. */
  EMBEDDINGS_BASE_URL: urlWithProtocol(['http', 'https'], 'EMBEDDINGS_BASE_URL'),
  EMBEDDINGS_MODEL: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('text-embedding-3-small')),
  /** The environment variable holding the endpoint's key (as the models file's api_key_env); unset: no key sent. */
  EMBEDDINGS_API_KEY_ENV: optionalString,
  EMBEDDINGS_DIMENSIONS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(8).max(8192).optional()),
  /** An OpenAI-compatible speech endpoint (…/v1, POST audio/speech); unset: the embedded eSpeak NG voices. */
  TTS_BASE_URL: urlWithProtocol(['http', 'https'], 'TTS_BASE_URL'),
  TTS_MODEL: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('tts-1')),
  /** The environment variable holding the speech endpoint's key; unset: no key sent. */
  TTS_API_KEY_ENV: optionalString,
  /** An OpenAI-compatible transcription endpoint (…/v1, POST audio/transcriptions) for speech input; unset: the browser's own recognition only. */
  TRANSCRIPTION_BASE_URL: urlWithProtocol(['http', 'https'], 'TRANSCRIPTION_BASE_URL'),
  TRANSCRIPTION_MODEL: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('whisper-1')),
  TRANSCRIPTION_API_KEY_ENV: optionalString,
  /** User messages a conversation gathers before they are distilled into memories (default MEMORY_DISTILL_EVERY). */
  MEMORY_DISTILL_EVERY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100).optional()),
  /** How often each API process runs its billing jobs and leaderboard check (60 s, 1 h), and its due background jobs (1 s). */
  SCHEDULED_JOBS_INTERVAL_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(50).max(3_600_000).optional()),
  BACKGROUND_JOBS_INTERVAL_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(50).max(3_600_000).optional()),
  /** Web Push's VAPID key pair (base64url, as web-push generates them); unset: outside production a pair kept in the database, in production no push. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who the push services may contact about our pushes (mailto: or https:). */
  VAPID_SUBJECT: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL').default('mailto:support@fable.example')),
  /**
   * How many API processes may run at once (replicas × processes each; with an autoscaler, its maximum). Above 1 the
   * shared state must be shared: DATABASE_URL, REDIS_URL and S3_BUCKET are required (sharedStateProblems).
   */
  API_PROCESSES: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(10_000).default(1)),
  /** Seconds a stopping process gives its open chat streams before it ends them (SHUTDOWN_GRACE_SECONDS in production). */
  SHUTDOWN_GRACE_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(3600).optional()),
  /** 1: the test-only billing control route (e2e); refused in production. */
  BILLING_TEST_CONTROL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1']).optional()),
});

/** Social sign-in providers: read from OIDC_<PROVIDER>_* by modules/auth/oidc/providerConfig.ts. */
export { OIDC_PROVIDER_IDS, type OidcProviderConfig, type OidcProviderId } from './modules/auth/oidc/providerConfig';

export interface AppConfig {
  port: number;
  host: string;
  /** The Prometheus metrics' port (METRICS_PORT); undefined: not served. */
  metricsPort?: number;
  /** PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Connections of its pool (default DATABASE_POOL_MAX). */
  databasePoolMax?: number;
  /** Redis server; when absent caches and rate limits live in the process. */
  redisUrl?: string;
  /** How many API processes may run at once (API_PROCESSES, default 1). */
  apiProcesses?: number;
  /** Seconds a stopping process gives its open chat streams (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds?: number;
  /** Absolute directory for local state (PGlite lives in `<dataDir>/pglite`), or ':memory:'. */
  dataDir: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seconds an access token lives (default 15 minutes). */
  accessTokenTtlSeconds?: number;
  /** Favourite bots per member (default CHARACTER_FAVORITE_LIMIT of the contracts, 500). */
  characterFavoriteLimit?: number;
  /**
   * HS256 key of the access tokens. Required in production; elsewhere, when unset, a random key is generated
   * once and kept in the database (so it lives with the data directory).
   */
  jwtSecret?: string;
  /** smtp(s):// server for sign-in emails; unset means the embedded dev mailbox (log + GET /api/dev/mailbox). */
  smtpUrl?: string;
  /** From address of the emails. */
  mailFrom?: string;
  /** The site's origin as browsers see it (OIDC redirect URIs and return paths). */
  publicUrl?: string;
  /** Partner application id → secret, for POST /api/v2/users/external. */
  partnerSecrets?: Readonly<Record<string, string>>;
  /** Lower-case verified emails whose users get the employee role (admin permission) at sign-in (ADMIN_EMAILS). */
  adminEmails?: readonly string[];
  /** Auth calls allowed per IP in the authPerIp window, over the default (AUTH_RATE_LIMIT_PER_IP). */
  authRateLimitPerIp?: number;
  /** The configured social sign-in providers (those whose OIDC_<PROVIDER>_* variables are set). */
  oidcProviders?: readonly OidcProviderConfig[];
  /** The inference models (read from INFERENCE_MODELS_FILE); none means the built-in demo model. */
  inferenceModels?: readonly ModelFileEntry[];
  /** Milliseconds between the demo model's words (default 25, and 0 when nodeEnv is test). */
  demoTokenIntervalMs?: number;
  /** Base URL for members' own OpenAI keys (default https://api.openai.com/v1). */
  openAiBaseUrl?: string;
  /** The OpenAI model used with a member's own key (default gpt-4o-mini). */
  openAiUserModel?: string;
  /** How often chat message counts are written (default 250 ms; 0, at once, when nodeEnv is test). */
  messageCountFlushMs?: number;
  /** Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY): a hop count or addresses; default none. */
  trustProxy?: TrustProxy;
  /** Keys that encrypt stored secrets (SECRETS_KEYS), the first for new values; unset outside production: a dev key. */
  secretsKeys?: readonly SecretKey[];
  /** An OpenAI-compatible moderation endpoint for the chatbot checks (MODERATION_*); unset: the embedded rules. */
  moderationEndpoint?: ModerationEndpointConfig;
  /** Where avatar pictures are kept (S3_* or IMAGE_STORAGE_DIR); unset: `<dataDir>/images`, or memory with ':memory:'. */
  imageStorage?: ImageStorageConfig;
  /** The avatar image generators (IMAGE_GENERATORS_FILE); none: the built-in demo generator. */
  imageGenerators?: readonly ImageGeneratorEntry[];
  /**
   * HMAC key of the API's own upload URLs (IMAGE_UPLOAD_SECRET). Unset outside production: a random key generated once
   * and kept in the database; unset in production with images on disk: uploads answer 503 (generation still works).
   */
  imageUploadSecret?: string;
  /**
   * The payments provider (PAYMENTS_PROVIDER and PAYMENTS_SANDBOX_* or STRIPE_*, PAYMENTS_WEBHOOK_SECRETS; see
   * infra/payments/paymentsConfig.ts). loadConfig always sets it (default: the sandbox on 127.0.0.1:3200); unset
   * (tests' configs) means that default too.
   */
  payments?: PaymentsConfig;
  /**
   * SubscribeStar linking (SUBSCRIBESTAR_URL, SUBSCRIBESTAR_CLIENT_ID, SUBSCRIBESTAR_CLIENT_SECRET, all three or none;
   * see modules/billing/supporterLink/subscribeStarConfig.ts). null: not configured (linking answers 503). loadConfig
   * always sets it (none: the payments sandbox's SubscribeStar when payments run on the sandbox, else null); unset
   * (tests' configs) means that default for `payments`.
   */
  subscribeStar?: SubscribeStarConfig | null;
  /**
   * TEST-ONLY (BILLING_TEST_CONTROL=1, set by the e2e suite): POST /api/_test/billing/advance moves one subscription's
   * time and runs the due billing jobs (modules/billing/lifecycle/billingTestControl.ts). Refused in production.
   */
  billingTestControl?: boolean;
  /** Concurrent generations of a model without its own `capacity` (INFERENCE_CAPACITY; default DEFAULT_INFERENCE_CAPACITY). */
  inferenceCapacity?: number;
  /** Key of the bypass links (QUEUE_BYPASS_SECRET); unset: outside production a key kept in the database, in production no bypass links. */
  queueBypassSecret?: string;
  /** Web Push (VAPID_*): the key pair when both are set, and the subject. */
  vapid?: { publicKey?: string; privateKey?: string; subject: string };
  /** The character whose chat never waits (QUEUE_BYPASSED_CHARACTER_ID). */
  queueBypassedCharacterId?: string;
  /** Chat ads show past this many messages (ADS_MIN_MESSAGES; default ADS_MIN_MESSAGES_DEFAULT). */
  adsMinMessages?: number;
  /** The speech endpoint (TTS_*); unset: the embedded eSpeak NG voices. */
  speech?: { baseUrl: string; model: string; apiKey?: string };
  /** The transcription endpoint of speech input (TRANSCRIPTION_*); unset: the browser's recognition only. */
  transcription?: { baseUrl: string; model: string; apiKey?: string };
  /** The semantic memory's embeddings endpoint (EMBEDDINGS_*); unset: lexical ranking. */
  embeddings?: EmbeddingsOptions;
  /** User messages gathered before a distillation (MEMORY_DISTILL_EVERY). */
  memoryDistillEvery?: number;
  /** Milliseconds between background-job runs (BACKGROUND_JOBS_INTERVAL_MS); with nodeEnv test no worker runs unless set. */
  backgroundJobsIntervalMs?: number;
  /** Between runs of billing's and the leaderboard's jobs (SCHEDULED_JOBS_INTERVAL_MS); nodeEnv test: only when set. */
  scheduledJobsIntervalMs?: number;
  /** Tests: the waiting room's timings (modules/chat/queue/queuePolicy.ts) and its Redis key prefix. */
  queueTimings?: Partial<QueueTimings>;
  admissionKeyPrefix?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the API configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const oidc = readOidcProviders(env);
  if (oidc.problems.length > 0) throw new ConfigError(`Invalid environment: ${oidc.problems.join('; ')}`);
  const moderation = readModerationEndpoint(env);
  if (moderation.problems.length > 0) throw new ConfigError(`Invalid environment: ${moderation.problems.join('; ')}`);
  const images = readImageStorage(env);
  if (images.problems.length > 0) throw new ConfigError(`Invalid environment: ${images.problems.join('; ')}`);
  const payments = readPaymentsConfig(env);
  if (payments.problems.length > 0) throw new ConfigError(`Invalid environment: ${payments.problems.join('; ')}`);
  const subscribeStar = readSubscribeStarConfig(env, payments.payments);
  if (subscribeStar.problems.length > 0) throw new ConfigError(`Invalid environment: ${subscribeStar.problems.join('; ')}`);
  let imageGenerators: ImageGeneratorEntry[] | undefined;
  if (e.IMAGE_GENERATORS_FILE) {
    try {
      imageGenerators = readImageGeneratorsFile(path.resolve(e.IMAGE_GENERATORS_FILE));
    } catch (err) {
      throw new ConfigError(`Invalid environment: IMAGE_GENERATORS_FILE: ${(err as Error).message}`);
    }
  }
  let inferenceModels: ModelFileEntry[] | undefined;
  if (e.INFERENCE_MODELS_FILE) {
    try {
      inferenceModels = readModelsFile(path.resolve(e.INFERENCE_MODELS_FILE));
    } catch (err) {
      throw new ConfigError(`Invalid environment: INFERENCE_MODELS_FILE: ${(err as Error).message}`);
    }
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid environment: JWT_SECRET: required in production');
  }
  const shared = sharedStateProblems(e.API_PROCESSES, { databaseUrl: e.DATABASE_URL, redisUrl: e.REDIS_URL, imageStorage: images.storage });
  if (shared.length > 0) throw new ConfigError(`Invalid environment: ${shared.join('; ')}`);
  if (e.NODE_ENV === 'production' && e.BILLING_TEST_CONTROL === '1') {
    throw new ConfigError('Invalid environment: BILLING_TEST_CONTROL: a test-only control, refused in production');
  }
  let trustProxy: TrustProxy;
  let secretsKeys: SecretKey[] | undefined;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
    secretsKeys = parseSecretKeys(env.SECRETS_KEYS);
  } catch (err) {
    throw new ConfigError(`Invalid environment: ${(err as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
    apiProcesses: e.API_PROCESSES,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS ?? (e.NODE_ENV === 'production' ? SHUTDOWN_GRACE_SECONDS : DEV_SHUTDOWN_GRACE_SECONDS),
    dataDir: e.DATA_DIR === IN_MEMORY ? IN_MEMORY : path.resolve(e.DATA_DIR),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    characterFavoriteLimit: e.CHARACTER_FAVORITE_LIMIT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    partnerSecrets: parsePartnerSecrets(e.PARTNER_SECRETS),
    adminEmails: e.ADMIN_EMAILS?.split(',').map((email) => email.trim().toLowerCase()),
    oidcProviders: oidc.providers,
    inferenceModels,
    demoTokenIntervalMs: e.DEMO_TOKEN_INTERVAL_MS,
    openAiBaseUrl: e.OPENAI_BASE_URL,
    openAiUserModel: e.OPENAI_USER_MODEL,
    trustProxy,
    secretsKeys,
    moderationEndpoint: moderation.endpoint,
    imageStorage: images.storage,
    imageGenerators,
    imageUploadSecret: e.IMAGE_UPLOAD_SECRET,
    inferenceCapacity: e.INFERENCE_CAPACITY,
    queueBypassSecret: e.QUEUE_BYPASS_SECRET,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    queueBypassedCharacterId: e.QUEUE_BYPASSED_CHARACTER_ID,
    adsMinMessages: e.ADS_MIN_MESSAGES,
    embeddings: e.EMBEDDINGS_BASE_URL
      ? {
          baseUrl: e.EMBEDDINGS_BASE_URL,
          model: e.EMBEDDINGS_MODEL,
          apiKey: e.EMBEDDINGS_API_KEY_ENV ? env[e.EMBEDDINGS_API_KEY_ENV] : undefined,
          dimensions: e.EMBEDDINGS_DIMENSIONS,
        }
      : undefined,
    speech: e.TTS_BASE_URL
      ? { baseUrl: e.TTS_BASE_URL, model: e.TTS_MODEL, apiKey: e.TTS_API_KEY_ENV ? env[e.TTS_API_KEY_ENV] : undefined }
      : undefined,
    transcription: e.TRANSCRIPTION_BASE_URL
      ? {
          baseUrl: e.TRANSCRIPTION_BASE_URL,
          model: e.TRANSCRIPTION_MODEL,
          apiKey: e.TRANSCRIPTION_API_KEY_ENV ? env[e.TRANSCRIPTION_API_KEY_ENV] : undefined,
        }
      : undefined,
    memoryDistillEvery: e.MEMORY_DISTILL_EVERY,
    backgroundJobsIntervalMs: e.BACKGROUND_JOBS_INTERVAL_MS,
    scheduledJobsIntervalMs: e.SCHEDULED_JOBS_INTERVAL_MS,
    payments: payments.payments,
    subscribeStar: subscribeStar.subscribeStar,
    // Only when on (undefined otherwise): configurations without it read as off.
    billingTestControl: e.BILLING_TEST_CONTROL === '1' || undefined,
  };
}

/** "storynest=s3cret,other=…" → { storynest: 's3cret', other: '…' }. */
export function parsePartnerSecrets(value: string | undefined): Record<string, string> {
  const secrets: Record<string, string> = {};
  if (!value) return secrets;
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    secrets[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return secrets;
}

/** A configuration for tests: in-memory database, no servers, silent logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { port: 0, host: '127.0.0.1', dataDir: IN_MEMORY, nodeEnv: 'test', logLevel: 'silent', ...overrides };
}
