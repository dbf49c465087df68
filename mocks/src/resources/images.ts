import { http, HttpResponse } from 'msw';
import { API_BASE, CONVERSATION_IMAGE_PRESET, IMAGE_PRESET_NAMES, conversationImageCalls, imageCalls, imageUrl, type ChatMessage, type StoredImage } from '@fable/contracts';
import type { MockDb } from '../mockDb';
import { apiError, contractRoute } from '../contractRoute';

/** A stored picture as the API answers it: every preset's URL, the blurred ones, the avatar's. */
function stored(hash: string, source: StoredImage['source'], isNsfw = false): StoredImage {
  const urls = Object.fromEntries(IMAGE_PRESET_NAMES.map((p) => [p, imageUrl(hash, p)])) as StoredImage['urls'];
  const blurred = Object.fromEntries(IMAGE_PRESET_NAMES.map((p) => [p, imageUrl(hash, p, { blurred: true })])) as StoredImage['blurred_urls'];
  return { hash, avatar_url: imageUrl(hash, '400x400'), urls, blurred_urls: blurred, is_nsfw: isNsfw, source, width: 400, height: 400 };
}

/** A stand-in for the hash of a prompt and seed (the mock draws nothing: its pictures are one SVG). */
const promptHash = (text: string) => {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(4);
};

/**
 * Avatar pictures (document 1 §7 generate-image, save-image): the upload's three steps with the hash checked by
 * presence, a "demo" generator, and every stored picture served as one SVG. Decoding, re-encoding and presets are the
 * API's (api/src/modules/images).
 */
export function imageHandlers(db: MockDb) {
  const uploaded = new Set<string>();
  const images = new Map<string, StoredImage>();
  return [
    contractRoute(imageCalls.generateImage, ({ body }) => {
      const seed = body.seed ?? 42;
      const image = stored(promptHash(`${body.prompt}|${seed}`), 'generated');
      images.set(image.hash, image);
      return {
        base64: 'iVBORw0KGgo=',
        type: 'image/png',
        seed,
        prompt: body.prompt,
        model_style: body.model_style ?? 'semi-realistic',
        image,
        generator: { name: 'mock', demo: true },
        guidance_applied: false,
      };
    }),
    contractRoute(imageCalls.saveImage, ({ body }) => {
      const known = images.get(body.hash);
      const expires = new Date(Date.now() + 600_000).toISOString();
      const none: Record<string, string> = {};
      if (known) return { signed_url: null, key: body.hash, headers: none, expires_at: expires, image: known };
      return { signed_url: `${API_BASE}/mock-upload/${body.hash}`, key: body.hash, headers: { 'content-type': body.image_type }, expires_at: expires, image: null };
    }),
    http.put(`${API_BASE}/mock-upload/:hash`, ({ params }) => {
      uploaded.add(String(params.hash));
      return new HttpResponse(null, { status: 204 });
    }),
    contractRoute(imageCalls.completeImage, ({ params }) => {
      if (!uploaded.has(params.hash)) return apiError(409, 'upload_missing', 'Nothing was uploaded for this image: send the file to the signed URL first.');
      const image = stored(params.hash, 'upload');
      images.set(image.hash, image);
      return image;
    }),
    // Conversation images: the picture added as the bot's message (or drawn again in place); training queued at once.
    contractRoute(conversationImageCalls.conversationImage, ({ body }) => {
      const messages = db.messages.get(body.conversation_id);
      if (!messages) return apiError(404, 'not_found', 'Conversation not found');
      const prompt = body.image_prompt || 'The scene of the conversation';
      const drawn = { image_url: imageUrl(promptHash(`${prompt}|${Date.now()}`), CONVERSATION_IMAGE_PRESET), image_prompt: prompt, image_is_nsfw: false };
      const at = body.message_id ? messages.findIndex((m) => m.id === body.message_id && m.image_url) : -1;
      if (body.message_id && at === -1) return apiError(404, 'not_an_image_message', 'This message is not an image of this conversation.');
      const message: ChatMessage =
        at === -1
          ? { id: `img-${messages.length + 1}-${Date.now()}`, role: 'assistant', content: '', prev_id: messages.at(-1)?.id ?? null, is_alternative: false, createdAt: new Date().toISOString(), conversation_id: body.conversation_id, ...drawn }
          : { ...messages[at]!, ...drawn };
      if (at === -1) messages.push(message);
      else messages[at] = message;
      return message;
    }),
    contractRoute(conversationImageCalls.trainCharacter, () => ({ count: 1 })),
    http.get(`${API_BASE}/images/:hash/:file`, ({ params }) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#${String(params.hash).slice(0, 6)}"/></svg>`;
      return new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml' } });
    }),
  ];
}
