import { imageButtonAction } from './imageButton';
import { permissionsFor } from './permissions';

describe('the image button (document 1 §6)', () => {
  const publicBot = { visibility: 'public', lora_status: 'none' };
  const at = (tier: 'free' | 'minimal' | 'basic' | 'premium', character = publicBot, legacy_mode = false) =>
    imageButtonAction({ permissions: permissionsFor(tier), character, legacy_mode });

  it('asks guests to sign up and offers the premium prompt without conversation_images', () => {
    expect(imageButtonAction({ permissions: null, character: publicBot, legacy_mode: false })).toBe('sign_up');
    expect(at('free')).toBe('premium_prompt');
    expect(at('minimal')).toBe('premium_prompt');
  });

  it('generates with a ready model or outside legacy mode; else the training modal with image_training, otherwise the top tier', () => {
    expect(at('basic')).toBe('generate');
    expect(at('basic', { visibility: 'hidden', lora_status: 'ready' }, true)).toBe('generate');
    expect(at('basic', publicBot, true)).toBe('top_tier_prompt');
    expect(at('premium', publicBot, true)).toBe('training');
    expect(at('premium', { visibility: 'public', lora_status: 'pending' }, true)).toBe('training');
  });

  it('keeps private chatbots for I’m All In', () => {
    for (const visibility of ['private', 'permanently_private']) {
      expect(at('basic', { visibility, lora_status: 'ready' })).toBe('top_tier_prompt');
      expect(at('premium', { visibility, lora_status: 'none' })).toBe('generate');
    }
    expect(permissionsFor('premium')).toEqual(expect.arrayContaining(['conversation_images', 'conversation_images_v2', 'conversation_images_private_bots', 'image_training']));
    expect(permissionsFor('basic')).not.toContain('conversation_images_private_bots');
  });
});
