import { randomUUID } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { IN_MEMORY, type AppConfig } from './config';
import { registerAccessControl } from './http/access';
import { recordImpersonatedCalls } from './http/impersonation';
import { registerErrorHandling } from './http/errorHandling';
import { fastifyTrustProxy } from './http/trustProxy';
import { answerFrameworkError, registerInputGuard } from './http/inputGuard';
import { registerLingeringClose } from './http/lingeringClose';
import { startHeartbeat } from './infra/processes/heartbeat';
import { createMetrics, registerRequestMetrics, withReadsCounted } from './infra/metrics/metrics';
import { registerSecurityHeaders } from './http/securityHeaders';
import { docsRoutes, registerOpenApi } from './modules/docs/openApi';
import { closeRateLimitRedis, openRateLimitRedis } from './http/rateLimitRedis';
import { outageWarning } from './infra/redis/outageLog';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './http/rateLimits';
import type { Cache } from './infra/cache/cache';
import { openCache } from './infra/cache/openCache';
import { loadSecretBox } from './infra/crypto/secretBox';
import { systemClock, type Clock } from './infra/clock';
import type { Database } from './infra/db/database';
import { migrate } from './infra/db/migrate';
import { openDatabase } from './infra/db/openDatabase';
import type { Mailer } from './infra/mail/mailer';
import { openMailer } from './infra/mail/openMailer';
import { DEFAULT_SANDBOX_PAYMENTS } from './infra/payments/paymentsConfig';
import type { PaymentsGateway } from './infra/payments/paymentsGateway';
import { createPaymentsGateway } from './infra/payments/stripeGateway';
import type { ObjectStore } from './infra/storage/objectStore';
import { openImageStore } from './infra/storage/openObjectStore';
import { createLogger } from './logger';
import { createAccessTokens } from './http/accessTokens';
import type { AuthDeps } from './modules/auth/authDeps';
import { createBackgroundJobs, type BackgroundJobs } from './infra/jobs/backgroundJobs';
import { createReplyImages, type ApiDeps } from './http/apiPlugin';
import { authRoutes } from './modules/auth/authRoutes';
import { authoringRoutes } from './modules/authoring/authoringRoutes';
import { createOidcClients } from './modules/auth/oidc/oidcClient';
import { loadJwtSecret } from './modules/auth/serverSecret';
import { avatarRoutes } from './modules/avatars/avatarRoutes';
import { billingRoutes } from './modules/billing/billingRoutes';
import { storedAvatarLoader } from './modules/cardRoutes/avatarSource';
import { cardRoutes } from './modules/cardRoutes/cardRoutes';
import { chatRoutes } from './modules/chat/chatRoutes';
import { discoveryRoutes } from './discoveryRoutes';
import { groupChatRoutes } from './modules/groupChats/groupChatRoutes';
import { healthRoutes } from './modules/health/healthRoutes';
import { imageRoutes } from './modules/images/imageRoutes';
import { conversationImageRoutes } from './modules/conversationImages/conversationImageRoutes';
import { voiceRoutes } from './modules/voices/voiceRoutes';
import { translationRoutes } from './modules/translations/translationRoutes';
import { openSpeechSynthesizer } from './infra/speech/openSpeechSynthesizer';
import type { SpeechSynthesizer } from './infra/speech/speechSynthesizer';
import { leaderboardRoutes } from './modules/leaderboard/leaderboardRoutes';
import { lorebookRoutes } from './modules/lorebooks/lorebookRoutes';
import { memoryRoutes } from './modules/memories/memoryRoutes';
import { moderationRoutes } from './modules/moderation/moderationRoutes';
import { personaRoutes } from './modules/personas/personaRoutes';
import { reportsRoutes } from './modules/reports/reportsRoutes';
import { adminUserRoutes } from './modules/adminUsers/adminUserRoutes';
import { notificationRoutes } from './modules/notifications/notificationRoutes';
import { reportCaseRoutes } from './modules/reportCases/reportCaseRoutes';
import { bannerRoutes } from './modules/banners/bannerRoutes';
import { adRoutes } from './modules/ads/adRoutes';
import { eventRoutes } from './modules/analytics/eventRoutes';
import { linkPreviewRoutes } from './modules/linkPreviews/linkPreviewRoutes';
import { searchRoutes } from './modules/search/searchRoutes';
import { appSettingsRoutes } from './modules/settings/appSettingsRoutes';
import { suggestionRoutes } from './modules/suggestions/suggestionRoutes';
import { sealStoredOpenAiKeys } from './modules/users/openAiKeyStore';
import { findSessionUser, findUserById } from './modules/users/userRepository';
import { usersRoutes } from './modules/users/usersRoutes';

export interface BuildAppOptions {
  /** Use this database instead of opening one from the config; the caller closes it. */
  db?: Database;
  /** Use this cache instead of opening one from the config; the caller closes it. */
  cache?: Cache;
  logger?: Logger;
  /** Use this mailer instead of SMTP / the dev mailbox; the caller closes it. */
  mailer?: Mailer;
  /** The time (tests move it to expire tokens and codes). */
  clock?: Clock;
  /** Override rate limits (tests). */
  limits?: Partial<RateLimits>;
  /** Prepended to the rate limits' Redis keys (tests sharing one Redis server); with REDIS_URL only. */
  rateLimitKeyPrefix?: string;
  /** The HTTPS agent of Web Push deliveries (tests: one trusting their push service). */
  pushAgent?: ApiDeps['pushAgent'];
  /** Use these background jobs (tests run the due ones themselves with runDue). */
  jobs?: BackgroundJobs;
  /** Told of every route as it is registered (tests enumerate the API with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Use this speech synthesizer instead of the one config.speech names; the caller closes it. */
  speech?: SpeechSynthesizer;
  /** Use this payments gateway instead of the one config.payments names. */
  payments?: PaymentsGateway;
}

/** Every module's routes, mounted under /api. */
const MODULES = [healthRoutes, appSettingsRoutes, authRoutes, usersRoutes, avatarRoutes, imageRoutes, leaderboardRoutes, discoveryRoutes, searchRoutes, personaRoutes, memoryRoutes, chatRoutes, conversationImageRoutes, voiceRoutes, translationRoutes, authoringRoutes, groupChatRoutes, lorebookRoutes, cardRoutes, suggestionRoutes, moderationRoutes, reportsRoutes, adminUserRoutes, notificationRoutes, reportCaseRoutes, linkPreviewRoutes, bannerRoutes, adRoutes, eventRoutes, billingRoutes];

/**
 * The API, ready to `listen` or `inject`: opens the database (and applies pending migrations) and the cache
 * unless given, and closes what it opened when the app closes, after the server has stopped.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}) {
  const logger = options.logger ?? createLogger(config);
  const owned: Array<{ name: string; close: () => Promise<void> }> = [];
  const closeOwned = async () => {
    for (const resource of owned.reverse()) {
      try {
        await resource.close();
        logger.info(`${resource.name} closed`);
      } catch (err) {
        logger.error({ err }, `closing ${resource.name} failed`);
      }
    }
  };

  // Every module gets ApiDeps; auth also its social sign-in providers. The rate limiters come once the server exists.
  let services: Omit<AuthDeps, 'rateLimit'>;
  // One image store for every module: avatars (images), cards' embedded files and exported avatars (cardRoutes), the
  // saves that check those files (authoring).
  let imageStore: ObjectStore;
  let rateLimitRedis: Redis | undefined;
  const processId = randomUUID();
  let stopHeartbeat: (() => Promise<void>) | null = null;
  try {
    // First: a sign-in provider that is configured but cannot work stops the start before anything is opened.
    const oidc = await createOidcClients(config.oidcProviders ?? [], { nodeEnv: config.nodeEnv });
    let db = options.db;
    if (!db) {
      db = await openDatabase(config, logger);
      owned.push({ name: 'database', close: db.close });
      logger.info({ kind: db.kind }, 'database opened');
    }
    let cache = options.cache;
    if (!cache) {
      cache = await openCache(config, logger);
      owned.push({ name: 'cache', close: cache.close });
    }
    await migrate(db, { log: logger });
    const secrets = await loadSecretBox(db, config);
    await sealStoredOpenAiKeys(db, secrets, logger);
    const clock = options.clock ?? systemClock;
    let mailer = options.mailer;
    if (!mailer) {
      mailer = openMailer(config, logger, clock);
      owned.push({ name: 'mailer', close: mailer.close });
    }
    // REDIS_URL: every API process counts on the same rate-limit counters.
    if (config.redisUrl) {
      const redis = await openRateLimitRedis(config.redisUrl, outageWarning((err, unsaid) => logger.warn({ err, unsaid }, 'rate-limit redis unavailable: calls are let through')));
      owned.push({ name: 'rate-limit redis', close: () => closeRateLimitRedis(redis) });
      rateLimitRedis = redis;
    }
    const tokens = createAccessTokens(await loadJwtSecret(db, config), clock, config.accessTokenTtlSeconds);
    const store = openImageStore(config.imageStorage, config.dataDir, IN_MEMORY);
    owned.push({ name: 'image store', close: () => store.close() });
    imageStore = store;
    // Nothing is sent to the provider until billing charges; a provider down answers 503 then, it does not stop the start.
    const payments = options.payments ?? createPaymentsGateway(config.payments ?? DEFAULT_SANDBOX_PAYMENTS);
    logger.info({ provider: payments.provider }, 'payments provider');
    let speech = options.speech;
    if (!speech) {
      speech = openSpeechSynthesizer(config.speech);
      owned.push({ name: 'speech synthesizer', close: speech.close });
    }
    const metrics = createMetrics(db);
    // This process's heartbeat (started once the app is ready); stopped before the database closes, after the streams.
    owned.push({ name: 'heartbeat', close: async () => stopHeartbeat?.() });
    services = { processId, db, cache: withReadsCounted(cache, metrics.cacheReads), metrics, config, clock, mailer, tokens, oidc, secrets, payments, jobs: options.jobs ?? createBackgroundJobs(db), replyImages: createReplyImages(), speech, pushAgent: options.pushAgent };
  } catch (err) {
    await closeOwned();
    throw err;
  }

  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    requestIdHeader: 'x-request-id',
    // TRUST_PROXY: a hop count or the proxies' addresses; by default no X-Forwarded-For is believed.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await registerSecurityHeaders(app);
  registerRequestMetrics(app, services.metrics);
  registerLingeringClose(app);
  registerErrorHandling(app);
  // Before access control: input no route can store is refused first, whoever calls.
  registerInputGuard(app);
  let deps: AuthDeps;
  try {
    const authPerIp = config.authRateLimitPerIp ? { authPerIp: { ...DEFAULT_RATE_LIMITS.authPerIp, max: config.authRateLimitPerIp } } : {};
    const limits = { ...DEFAULT_RATE_LIMITS, ...authPerIp, ...options.limits };
    const rateLimit = await registerRateLimits(app, limits, {
      redis: rateLimitRedis,
      keyPrefix: options.rateLimitKeyPrefix,
      onRefusal: (limit) => services.metrics.rateLimitRefusals.inc({ limit }),
    });
    deps = { ...services, rateLimit };
  } catch (err) {
    await closeOwned();
    throw err;
  }
  registerAccessControl(app, {
    ...deps,
    findSessionUser: (userId, sessionId, now) => findSessionUser(deps.db, userId, sessionId, now, deps.secrets),
    findUser: (userId, now) => findUserById(deps.db, userId, now),
  });
  recordImpersonatedCalls(app, deps.db, deps.clock);
  app.addHook('onClose', closeOwned);
  app.addHook('onReady', async () => {
    stopHeartbeat = await startHeartbeat(deps.db, processId, (err) => app.log.warn({ err }, 'the heartbeat failed'));
  });
  // The background jobs' worker; in tests only when asked for (tests run the due jobs themselves).
  if (config.nodeEnv !== 'test' || config.backgroundJobsIntervalMs !== undefined) {
    const worker = deps.jobs.worker({ clock: deps.clock, log: app.log, intervalMs: config.backgroundJobsIntervalMs });
    app.addHook('onReady', async () => worker.start());
    // preClose: a run in progress ends before the database closes.
    app.addHook('preClose', async () => worker.stop());
  }

  await registerOpenApi(app);
  // Before the routes (it answers upgrades on the routes that ask for it); a play request is small.
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(
    async (api) => {
      const moduleDeps = { ...deps, imageStore, loadAvatar: storedAvatarLoader(imageStore) };
      for (const routes of MODULES) await api.register(routes, moduleDeps);
      await api.register(docsRoutes);
    },
    { prefix: '/api' },
  );
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
