import { randomInt } from 'node:crypto';
import {
  CONVERSATION_IMAGE_ERROR_CODES as CODES,
  DEFAULT_IMAGE_STYLE,
  IMAGE_ERROR_CODES,
  LORA_SCALE_DEFAULT,
  IMAGE_LIMITS,
  V2_IMAGE_STYLES,
  conversationImageCalls,
  imageButtonAction,
  isPrivateBot,
  type ChatMessage,
  type ConversationImageSettings,
  type Permission,
} from '@fable/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { MemberCaller } from '../../http/access';
import type { ReplyImageRequest } from '../../http/apiPlugin';
import type { CharacterRow } from '../characters/characterRow';
import { chatNotAllowed, conversationNotFound } from '../chat/chatErrors';
import { toChatMessage } from '../chat/chatRepository';
import { canView, viewerOf } from '../discovery/characterAccess';
import { imageError } from '../images/imageErrors';
import { abortOnDisconnect, generationFailure } from '../images/imageGenerationRoute';
import { processPicture, type ProcessedPicture } from '../images/imagePipeline';
import type { ImageRow } from '../images/imageRepository';
import { sha256Prefix, type ImageApp, type ImageMaking } from '../images/imageRouteContext';
import { checkAvatarContent } from '../images/promptChecks';
import { conversationImageError } from './conversationImageErrors';
import { appendImageMessage, attachImage, replaceImageMessage } from './imageMessageWrites';

/**
 * POST /conversation-image (document 1 §7 "Conversation image endpoint"): a picture for the member's conversation,
 * drawn by the style's generator (with the chatbot's trained model when it has one), checked, stored like avatars,
 * and added as the bot's next message, or drawn again in place of an image message (`message_id`).
 *
 * Who may (§6 image button, contracts' imageButtonAction): guests are asked to sign up; without conversation_images
 * (True Supporter) the upgrade; private chatbots need conversation_images_private_bots (I'm All In); legacy mode needs
 * a trained model; the V2 styles need conversation_images_v2. Counted per tier (conversationImage,
 * conversationImagePremium). Content: 6801 always refused, 6802 where the application allows no adult content, and
 * an adult prompt needs NSFW mode on (422 otherwise); the picture is then marked and shown blurred where §6 says.
 */

const call = conversationImageCalls.conversationImage;
type Body = z.output<typeof call.body>;

/** How long a chat reply's picture may take (the reply's `done` waits for it). */
const REPLY_IMAGE_TIMEOUT_MS = 120_000;

/** How much of the bot's latest message makes the prompt when none is given. */
const DERIVED_PROMPT_CHARS = 300;

interface ConversationCharacter extends Pick<CharacterRow, 'application_id' | 'visibility' | 'creator_user_id' | 'name' | 'title'> {
  character_id: string;
  lora_status: string;
  lora_name: string | null;
  last_bot_text: string | null;
}

export function conversationImageRoute(app: ImageApp, ctx: ImageMaking): void {
  app.post(
    call.path,
    { schema: { body: call.body, response: { 200: call.response } }, config: { access: call.access } },
    async (request, reply) => drawConversationImage(ctx, request, reply),
  );
}

async function drawConversationImage(ctx: ImageMaking, request: FastifyRequest<{ Body: Body }>, reply: FastifyReply): Promise<ChatMessage> {
  const { db, clock } = ctx.deps;
  if (request.caller.kind !== 'member') throw conversationImageError(CODES.SIGN_UP);
  const member = request.caller;
  const body = request.body;
  const found = await conversationCharacter(ctx, body.conversation_id, member.userId);
  if (!found || found.character_id !== body.character_id) throw conversationNotFound();
  if (!canView(found, viewerOf(member))) throw chatNotAllowed();
  const permissions = member.user.permissions;
  checkAllowed(permissions, found, body);
  const generator = ctx.generators.forStyle(body.model_style);
  if (!generator) throw imageError(IMAGE_ERROR_CODES.STYLE_UNAVAILABLE);

  const redraws = body.message_id ? await imageMessagePrompt(ctx, body.conversation_id, body.message_id) : null;
  const prompt = (body.image_prompt || redraws || derivedPrompt(found)).trim();
  if (!prompt) throw conversationImageError(CODES.NO_PROMPT);
  const fullPrompt = [prompt, body.user_prompt_suffix.trim()].filter(Boolean).join(', ');
  await limiterOf(ctx, member)(request, member.userId);
  const { nsfw } = await checkAvatarContent(ctx.classifier, { prompt: fullPrompt, markedNsfw: false }, await ctx.nsfwAllowed(member.applicationId));
  if (nsfw && !body.nsfw_mode) throw conversationImageError(CODES.NSFW_OFF);

  const stored = await drawPicture(ctx, request.log, { userId: member.userId, applicationId: member.applicationId, character: found, fullPrompt, nsfw, settings: body, signal: abortOnDisconnect(reply) });
  const shown = { hash: stored.hash, prompt, nsfw: stored.is_nsfw };
  const now = clock.now();
  const row = body.message_id
    ? await replaceImageMessage(db, body.conversation_id, body.message_id, shown, now)
    : await appendImageMessage(db, body.conversation_id, shown, now);
  if (!row) throw conversationImageError(CODES.NOT_AN_IMAGE_MESSAGE);
  return toChatMessage(row);
}

/**
 * Draws and keeps a picture: the style's generator (with the chatbot's trained model at lora_scale when it has one),
 * the pipeline, the store. The generator's failures are the avatar generation's (429 passed up, 503, 422, 502).
 */
async function drawPicture(
  making: ImageMaking,
  log: FastifyBaseLogger,
  d: {
    userId: string;
    applicationId: string;
    character: Pick<ConversationCharacter, 'lora_status' | 'lora_name'>;
    fullPrompt: string;
    nsfw: boolean;
    settings: Pick<ConversationImageSettings, 'model_style' | 'lora_scale' | 'user_negative_prompt'>;
    signal: AbortSignal;
  },
): Promise<ImageRow> {
  const generator = making.generators.forStyle(d.settings.model_style);
  if (!generator) throw imageError(IMAGE_ERROR_CODES.STYLE_UNAVAILABLE);
  const { character, settings } = d;
  const lora = character.lora_status === 'ready' && character.lora_name ? { name: character.lora_name, scale: settings.lora_scale } : undefined;
  const seed = randomInt(0, IMAGE_LIMITS.seedMax + 1);
  let drawn;
  try {
    drawn = await generator.generate({ prompt: d.fullPrompt, negativePrompt: settings.user_negative_prompt, seed, style: settings.model_style, lora }, d.signal);
  } catch (err) {
    throw generationFailure(err, log);
  }
  let picture: ProcessedPicture;
  try {
    picture = await processPicture(drawn.bytes);
  } catch (err) {
    log.error({ err, generator: generator.name }, 'the image generator answered a picture we cannot read');
    throw imageError(IMAGE_ERROR_CODES.GENERATOR_FAILED);
  }
  return making.keep(picture, {
    hash: sha256Prefix(drawn.bytes),
    source: 'generated',
    is_nsfw: d.nsfw,
    createdBy: d.userId,
    applicationId: d.applicationId,
    prompt: d.fullPrompt,
    negativePrompt: settings.user_negative_prompt || null,
    seed: drawn.seed,
    modelStyle: settings.model_style,
    generator: generator.name,
  });
}

/**
 * The picture of a chat reply (POST chat image_prompt; chat checked who may before the turn): drawn at the default
 * image settings and attached to the saved reply. An adult prompt is refused (NSFW mode is off by default).
 */
export async function drawForReply(making: ImageMaking, log: FastifyBaseLogger, r: ReplyImageRequest): Promise<ChatMessage> {
  const found = await conversationCharacter(making, r.conversationId, r.userId);
  if (!found || found.character_id !== r.characterId) throw conversationNotFound();
  const { nsfw } = await checkAvatarContent(making.classifier, { prompt: r.prompt, markedNsfw: false }, await making.nsfwAllowed(r.applicationId));
  if (nsfw) throw conversationImageError(CODES.NSFW_OFF);
  const settings = { model_style: DEFAULT_IMAGE_STYLE, lora_scale: LORA_SCALE_DEFAULT, user_negative_prompt: '' };
  const stored = await drawPicture(making, log, { userId: r.userId, applicationId: r.applicationId, character: found, fullPrompt: r.prompt, nsfw, settings, signal: AbortSignal.timeout(REPLY_IMAGE_TIMEOUT_MS) });
  const row = await attachImage(making.deps.db, r.conversationId, r.messageId, { hash: stored.hash, prompt: r.prompt, nsfw: stored.is_nsfw }, making.deps.clock.now());
  if (!row) throw conversationImageError(CODES.NOT_AN_IMAGE_MESSAGE);
  return toChatMessage(row);
}

/** The image button's rule (§6) as the API answers it, then the V2 styles' permission. */
function checkAllowed(permissions: readonly Permission[], character: ConversationCharacter, body: Body): void {
  const action = imageButtonAction({ permissions, character, legacy_mode: body.legacy_mode });
  if (action === 'premium_prompt') throw conversationImageError(CODES.UPGRADE);
  if (action === 'top_tier_prompt' && isPrivateBot(character.visibility) && !permissions.includes('conversation_images_private_bots')) {
    throw conversationImageError(CODES.PRIVATE_BOTS);
  }
  if (action !== 'generate') throw conversationImageError(CODES.NEEDS_TRAINING, { action });
  if (V2_IMAGE_STYLES.includes(body.model_style) && !permissions.includes('conversation_images_v2')) throw conversationImageError(CODES.STYLE_V2);
}

/** I'm All In counts on its own, larger limit. */
function limiterOf(ctx: ImageMaking, member: MemberCaller) {
  return member.user.permissions.includes('conversation_images_private_bots') ? ctx.deps.rateLimit.conversationImagePremium : ctx.deps.rateLimit.conversationImage;
}

async function conversationCharacter(ctx: ImageMaking, conversationId: string, userId: string): Promise<ConversationCharacter | null> {
  const { rows } = await ctx.deps.db.query<ConversationCharacter>(
    `select cv.character_id, c.application_id, c.visibility, c.creator_user_id, c.name, c.title, c.lora_status, c.lora_name,
            (select m.content from messages m
              where m.conversation_id = cv.id and not m.is_alternative and m.role = 'assistant' and m.content <> ''
              order by m.seq desc limit 1) as last_bot_text
       from conversations cv join characters c on c.id = cv.character_id
      where cv.id = $1 and cv.user_id = $2`,
    [conversationId, userId],
  );
  return rows[0] ?? null;
}

/** The prompt of an image message of the conversation (404 when the message is none). */
async function imageMessagePrompt(ctx: ImageMaking, conversationId: string, messageId: string): Promise<string> {
  const { rows } = await ctx.deps.db.query<{ image_prompt: string | null }>(
    'select image_prompt from messages where id = $1 and conversation_id = $2 and image_hash is not null',
    [messageId, conversationId],
  );
  if (!rows[0]) throw conversationImageError(CODES.NOT_AN_IMAGE_MESSAGE);
  return rows[0].image_prompt ?? '';
}

/** Without a prompt: the chatbot and what it said last (its actions and words, as a scene). */
function derivedPrompt(found: ConversationCharacter): string {
  const said = (found.last_bot_text ?? '').replace(/\s+/g, ' ').trim().slice(0, DERIVED_PROMPT_CHARS);
  return [found.name, found.title, said].filter(Boolean).join(', ');
}
