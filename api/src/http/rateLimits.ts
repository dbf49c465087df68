import fastifyRateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './appError';

/** A fixed-window limit: at most `max` calls per `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * The API's limits (ours: the spec says only that breaches answer 429). Every call counts against its caller
 * (member, guest, or the IP of anonymous calls); auth calls have tighter limits per IP and per email.
 */
export interface RateLimits {
  perMember: RateLimitRule;
  perGuest: RateLimitRule;
  /** Calls without a member token or guest id (and guests as a group behind one IP). */
  perIp: RateLimitRule;
  /** Sign-in code requests per email address. */
  emailCodePerEmail: RateLimitRule;
  /** Auth calls (codes, verify, refresh, guest ids, social sign-in) per IP. */
  authPerIp: RateLimitRule;
  /** Username checks per caller (it tells whether an account exists). */
  usernameCheck: RateLimitRule;
  /**
   * Token refreshes per sign-in (refresh-token family): many members behind one shared IP each refresh on their own
   * count, so one busy office cannot sign the others out.
   */
  refreshPerSession: RateLimitRule;
  /** Token refreshes per IP: a loose ceiling against floods (unknown tokens count on authPerIp as well). */
  refreshPerIp: RateLimitRule;
  /** Avatar generations per member (each runs an image model). */
  imageGeneration: RateLimitRule;
  /** Conversation images per True Supporter (each runs an image model). */
  conversationImage: RateLimitRule;
  /** Conversation images per I'm All In member. */
  conversationImagePremium: RateLimitRule;
  /** Image training requests per member (the daily limit of 4 is the database's; this caps a flood of calls). */
  imageTraining: RateLimitRule;
  /** Avatar uploads asked for (save-image) per member (each is decoded and re-encoded). */
  imageUpload: RateLimitRule;
  /** Chatbot-form suggestions (suggest_field, suggest_tags) per member (each runs the language model). */
  suggestion: RateLimitRule;
  /** Messages played aloud per member (each not spoken before runs the speech synthesizer). */
  speech: RateLimitRule;
  /** Speech input recordings transcribed per member (each goes to the transcription endpoint). */
  transcription: RateLimitRule;
}

export type RateLimitName = keyof RateLimits;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perMember: { max: 600, windowSeconds: 60 },
  perGuest: { max: 300, windowSeconds: 60 },
  perIp: { max: 1200, windowSeconds: 60 },
  emailCodePerEmail: { max: 5, windowSeconds: 15 * 60 },
  authPerIp: { max: 60, windowSeconds: 10 * 60 },
  usernameCheck: { max: 60, windowSeconds: 60 },
  refreshPerSession: { max: 30, windowSeconds: 10 * 60 },
  refreshPerIp: { max: 3000, windowSeconds: 10 * 60 },
  imageGeneration: { max: 30, windowSeconds: 10 * 60 },
  imageUpload: { max: 60, windowSeconds: 10 * 60 },
  conversationImage: { max: 20, windowSeconds: 10 * 60 },
  conversationImagePremium: { max: 60, windowSeconds: 10 * 60 },
  imageTraining: { max: 30, windowSeconds: 10 * 60 },
  suggestion: { max: 60, windowSeconds: 10 * 60 },
  speech: { max: 120, windowSeconds: 10 * 60 },
  transcription: { max: 60, windowSeconds: 10 * 60 },
};

/**
 * Counts one call of `request` against `subject` (a member id, an IP, an email…) under one limit; throws 429
 * rate_limited with Retry-After (whole seconds until the window ends) once the window's `max` is passed.
 */
export type RateLimiter = (request: FastifyRequest, subject: string) => Promise<void>;

/** One limiter per limit, by the limit's name. */
export type RateLimiters = { readonly [Name in RateLimitName]: RateLimiter };

export interface RateLimitStoreOptions {
  /** The Redis server (REDIS_URL) every API process counts on; without it each process counts in memory. */
  redis?: Redis;
  /**
   * Prepended to the counters' Redis keys (tests sharing one server). A key is `<prefix>rate-limit:` + the store's
   * own route segment (`undefinedundefined-` for limiters made by createRateLimit) + `<limit name>:<subject>`.
   */
  keyPrefix?: string;
  /** Told of each call a limit refuses (the metrics count them by limit). */
  onRefusal?: (limit: RateLimitName) => void;
}

/** Keys one limiter keeps in memory (least recently used beyond); the plugin's default is 5,000. */
const MEMORY_KEYS_PER_LIMIT = 100_000;

/**
 * Registers @fastify/rate-limit (its Redis store with `redis`, its in-memory store otherwise) without a global
 * limit, and answers one limiter per rule: the access hook and the routes call them with the key they count on.
 * Counters live under `<limit name>:<subject>`, so two limits never share one.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits, store: RateLimitStoreOptions = {}): Promise<RateLimiters> {
  await app.register(fastifyRateLimit, {
    global: false,
    // Redis unreachable: every call is let through (README "When Redis is down") rather than refused with a 500.
    skipOnError: true,
    ...(store.redis ? { redis: store.redis, nameSpace: `${store.keyPrefix ?? ''}rate-limit:` } : {}),
  });

  const limiter = (name: RateLimitName): RateLimiter => {
    const rule = limits[name];
    // The subject of the call being counted: set right before the plugin asks for the key, which it does first thing.
    const subjects = new WeakMap<FastifyRequest, string>();
    const options: CreateRateLimitOptions & { cache: number } = {
      max: rule.max,
      timeWindow: Math.max(1, Math.round(rule.windowSeconds * 1000)),
      keyGenerator: (request) => `${name}:${subjects.get(request)}`,
      cache: MEMORY_KEYS_PER_LIMIT,
    };
    const check = app.createRateLimit(options);
    return async (request, subject) => {
      subjects.set(request, subject);
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        store.onRefusal?.(name);
        throw AppError.rateLimited(result.ttl);
      }
    };
  };
  const names = Object.keys(limits) as RateLimitName[];
  return Object.fromEntries(names.map((name) => [name, limiter(name)])) as unknown as RateLimiters;
}
