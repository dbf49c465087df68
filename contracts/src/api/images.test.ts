import { isOwnAvatarUrl, OwnAvatarUrlSchema } from '../entities/characterInput';
import {
  GenerateImageBodySchema,
  IMAGE_MESSAGES,
  IMAGE_PRESET_NAMES,
  SaveImageBodySchema,
  imagePresetUrl,
  imageUrl,
  parseImageUrl,
} from './images';

const HASH = '0123456789abcdef0123456789abcdef';

describe('stored image URLs', () => {
  it('are valid chatbot avatars in every preset, but not blurred and not with another hash or preset', () => {
    for (const preset of IMAGE_PRESET_NAMES) {
      expect(isOwnAvatarUrl(imageUrl(HASH, preset))).toBe(true);
      expect(OwnAvatarUrlSchema.safeParse(imageUrl(HASH, preset)).success).toBe(true);
      expect(isOwnAvatarUrl(imageUrl(HASH, preset, { blurred: true }))).toBe(false);
    }
    expect(IMAGE_PRESET_NAMES).toEqual(['48x48', '256x256', '400x400', '500x600']);
    expect(isOwnAvatarUrl(`/api/images/${HASH.toUpperCase()}/48x48.webp`)).toBe(false);
    expect(isOwnAvatarUrl(`/api/images/${HASH}/64x64.webp`)).toBe(false);
    expect(isOwnAvatarUrl(`/api/images/${HASH}0/48x48.webp`)).toBe(false);
    expect(isOwnAvatarUrl(`https://elsewhere.example/api/images/${HASH}/48x48.webp`)).toBe(false);
    // The generated SVGs stay valid.
    expect(isOwnAvatarUrl('/api/avatars/aria-1.svg')).toBe(true);
  });

  it('are read back, and change preset; other avatars are left as they are', () => {
    expect(parseImageUrl(imageUrl(HASH, '500x600', { blurred: true }))).toEqual({ hash: HASH, preset: '500x600', blurred: true });
    expect(parseImageUrl(`/api/images/${HASH}/64x64.webp`)).toBeNull();
    expect(imagePresetUrl(imageUrl(HASH, '400x400'), '48x48')).toBe(`/api/images/${HASH}/48x48.webp`);
    expect(imagePresetUrl(imageUrl(HASH, '400x400'), '48x48', { blurred: true })).toBe(`/api/images/${HASH}/48x48.blurred.webp`);
    expect(imagePresetUrl('/api/avatars/aria-1.svg', '48x48')).toBe('/api/avatars/aria-1.svg');
  });
});

describe('image call bodies', () => {
  it('save-image: a hash of 32 lower-case hex, an image type, at most 10 MB', () => {
    const ok = { hash: HASH, image_type: 'image/png', fileSize: 1234 };
    expect(SaveImageBodySchema.safeParse(ok).success).toBe(true);
    expect(SaveImageBodySchema.safeParse({ ...ok, hash: HASH.slice(1) }).success).toBe(false);
    expect(SaveImageBodySchema.safeParse({ ...ok, image_type: 'image/svg+xml' }).success).toBe(false);
    const big = SaveImageBodySchema.safeParse({ ...ok, fileSize: 10 * 1024 * 1024 + 1 });
    expect(big.error?.issues[0]?.message).toBe(IMAGE_MESSAGES.tooLarge);
    expect(SaveImageBodySchema.safeParse({ ...ok, fileSize: 10 * 1024 * 1024 }).success).toBe(true);
  });

  it('generate-image: the prompt is required, the negative prompt at most 300, guidance only for anime and semi-realistic', () => {
    const message = (body: unknown) => GenerateImageBodySchema.safeParse(body).error?.issues.map((i) => i.message);
    expect(message({ prompt: '  ' })).toEqual([IMAGE_MESSAGES.promptRequired]);
    expect(message({})).toEqual([IMAGE_MESSAGES.promptRequired]);
    expect(message({ prompt: 'a knight', negative_prompt: 'x'.repeat(301) })).toEqual(['Negative prompt is maximum of 300 characters']);
    expect(message({ prompt: 'a knight', negative_prompt: 'x'.repeat(300) })).toBeUndefined();
    expect(message({ prompt: 'a knight', image: 'aGk=', model_style: 'anime_v2' })).toEqual([IMAGE_MESSAGES.guidanceNotAllowed]);
    expect(message({ prompt: 'a knight', image: 'aGk=', model_style: 'anime' })).toBeUndefined();
    expect(message({ prompt: 'a knight', seed: -1 })).toHaveLength(1);
    expect(GenerateImageBodySchema.parse({ prompt: ' a knight ' })).toEqual({ prompt: 'a knight', model_style: 'semi-realistic' });
  });
});
