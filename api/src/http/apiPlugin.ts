import type { Agent as HttpsAgent } from 'node:https';
import type { ChatMessage } from '@fable/contracts';
import type { BackgroundJobs } from '../infra/jobs/backgroundJobs';
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import type { Cache } from '../infra/cache/cache';
import type { Clock } from '../infra/clock';
import type { SecretBox } from '../infra/crypto/secretBox';
import type { Database } from '../infra/db/database';
import type { Mailer } from '../infra/mail/mailer';
import type { Metrics } from '../infra/metrics/metrics';
import type { PaymentsGateway } from '../infra/payments/paymentsGateway';
import type { SpeechSynthesizer } from '../infra/speech/speechSynthesizer';
import type { AccessTokens } from './accessTokens';
import type { RateLimiters } from './rateLimits';

/** What every module's routes get: the adapters and services, never the environment itself. */
export interface ApiDeps {
  db: Database;
  cache: Cache;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  tokens: AccessTokens;
  /** The rate limits, by name (DEFAULT_RATE_LIMITS unless the app was built with others). */
  rateLimit: RateLimiters;
  /** Encrypts stored secrets (members' OpenAI keys); null in production without SECRETS_KEYS. */
  secrets: SecretBox | null;
  /** The payments provider (sandbox or Stripe, by configuration): billing's only way to move money. */
  payments: PaymentsGateway;
  /** The background jobs (memory distillation, image training): modules register handlers and queue jobs. */
  jobs: BackgroundJobs;
  /** Draws the picture a chat reply asks for (POST chat image_prompt): conversationImages registers it, chat calls it. */
  replyImages: ReplyImages;
  /** Text to speech (the voices): eSpeak NG embedded, or the configured OpenAI-compatible endpoint (TTS_*). */
  speech: SpeechSynthesizer;
  /** The app's Prometheus metrics (infra/metrics). */
  metrics: Metrics;
  /** This API process's id: its heartbeat (infra/processes/heartbeat.ts), the holder its turn leases name. */
  processId: string;
  /** The HTTPS agent Web Push deliveries use (tests: one trusting their push service's certificate); Node's default otherwise. */
  pushAgent?: HttpsAgent;
}

export interface ReplyImageRequest {
  userId: string;
  applicationId: string;
  conversationId: string;
  characterId: string;
  /** The saved reply the picture goes with. */
  messageId: string;
  prompt: string;
}

/** One drawer, registered by the module that makes pictures; a draw before one is registered fails. */
export interface ReplyImages {
  register(draw: (request: ReplyImageRequest) => Promise<ChatMessage>): void;
  draw(request: ReplyImageRequest): Promise<ChatMessage>;
}

export function createReplyImages(): ReplyImages {
  let drawer: ((request: ReplyImageRequest) => Promise<ChatMessage>) | null = null;
  return {
    register(draw) {
      drawer = draw;
    },
    draw(request) {
      if (!drawer) return Promise.reject(new Error('no conversation image drawer is registered'));
      return drawer(request);
    },
  };
}

/**
 * A module's routes: a Fastify plugin with zod-typed schemas, registered under /api. A module that needs more than
 * ApiDeps declares it (`ApiPlugin<AuthDeps>`) and the app passes it.
 */
export type ApiPlugin<Deps extends ApiDeps = ApiDeps> = FastifyPluginAsync<Deps, RawServerDefault, ZodTypeProvider>;
