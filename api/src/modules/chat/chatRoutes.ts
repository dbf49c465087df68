import { GUEST_PERMISSIONS, chatCalls } from '@fable/contracts';
import type { ApiPlugin } from '../../http/apiPlugin';
import { modelRegistryOf } from '../../infra/inference/models';
import { chatTurn } from './chatTurn';
import { createEmbeddings } from '../../infra/inference/embeddings';
import { MEMORY_DISTILL_KIND, runDistillJob } from '../memories/distill/memoryDistiller';
import { createMemoryRecall } from '../memories/recall/memoryRecall';
import { conversationRoutes } from './conversationRoutes';
import { createMessageCounter } from './messageCounter';
import { messageRoutes } from './messageRoutes';
import { bpeTokenizer } from '@fable/rules/tokens';
import { openAdmission } from './queue/openAdmission';
import { createPostgresRecommender } from '../recommender/postgresRecommender';
import { queueRoutes } from './queue/queueRoutes';

/** How often message counts are written (see messageCounter.ts). */
export const MESSAGE_COUNT_FLUSH_MS = 250;

/**
 * The chat (document 1 §7): POST /chat (an event stream), GET /chat/models, and the conversation and message
 * calls. The models come from the configuration (INFERENCE_MODELS_FILE), else the built-in demo model.
 */
export const chatRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock, config } = deps;
  const models = modelRegistryOf(config);
  // The waiting room and the priority generation queue (queue/): in Redis with REDIS_URL, else in this process.
  const admission = await openAdmission(deps, models, app.log);
  app.addHook('onClose', admission.close);

  const counter = createMessageCounter(db, {
    flushMs: config.messageCountFlushMs ?? (config.nodeEnv === 'test' ? 0 : MESSAGE_COUNT_FLUSH_MS),
    onError: (err) => app.log.error({ err }, 'counting chat messages failed'),
  });
  app.addHook('onClose', async () => {
    await counter.flush();
  });

  // The semantic memory: the recall of each turn, and the distillation of automatic memories in the background.
  const recall = createMemoryRecall({ db, embeddings: config.embeddings ? createEmbeddings(config.embeddings) : null });
  deps.jobs.handle(MEMORY_DISTILL_KIND, (job, now) => runDistillJob({ db, models, log: app.log }, job, now));

  // The recommender hears of a public chat's cart addition (recommender/cartAdditions.ts).
  const recommender = createPostgresRecommender(deps);

  const chat = chatCalls.chat;
  app.post(chat.path, { schema: { body: chat.body }, config: { access: chat.access } }, async (request, reply) => {
    await chatTurn(request, reply, { db, clock, models, tokenizer: bpeTokenizer, counter, admission, recall, jobs: deps.jobs, memoryDistillEvery: config.memoryDistillEvery, replyImages: deps.replyImages, rateLimit: deps.rateLimit, recommender, metrics: deps.metrics, holder: deps.processId });
  });

  const list = chatCalls.models;
  app.get(list.path, { schema: { response: { 200: list.response } }, config: { access: list.access } }, async (request) => {
    const caller = request.caller;
    if (caller.kind === 'member') {
      const u = caller.user;
      return models.list({ permissions: u.permissions, openAiMode: u.openai_mode, openAiKey: u.openai_api_key });
    }
    return models.list({ permissions: GUEST_PERMISSIONS });
  });

  await app.register(queueRoutes, { ...deps, room: admission.room, bypassKey: admission.bypassKey });
  await app.register(conversationRoutes, deps);
  await app.register(messageRoutes, deps);
};
