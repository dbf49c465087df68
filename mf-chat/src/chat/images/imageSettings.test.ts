import { conversationImageCalls } from '@fable/contracts';
import { IMAGE_CALLS } from './conversationImagesApi';
import { DEFAULT_IMAGE_SETTINGS, completeImageSettings } from './imageSettings';

describe('conversation image settings kept on the device', () => {
  it('completes missing or broken values with the defaults (semi-realistic, lora scale 0.8) and holds them to their ranges', () => {
    expect(completeImageSettings(null)).toEqual(DEFAULT_IMAGE_SETTINGS);
    expect(DEFAULT_IMAGE_SETTINGS).toMatchObject({ model_style: 'semi-realistic', lora_scale: 0.8, nsfw_mode: false, legacy_mode: false });
    expect(
      completeImageSettings({ model_style: 'oil' as never, nsfw_mode: 'yes' as never, lora_scale: 3, user_prompt_suffix: 'x'.repeat(400), user_negative_prompt: 7 as never }),
    ).toEqual({ ...DEFAULT_IMAGE_SETTINGS, lora_scale: 1, user_prompt_suffix: 'x'.repeat(300) });
    expect(completeImageSettings({ model_style: 'anime_v2', legacy_mode: true, lora_scale: 0.456 })).toMatchObject({ model_style: 'anime_v2', legacy_mode: true, lora_scale: 0.46 });
    expect(completeImageSettings({ lora_scale: -1 }).lora_scale).toBe(0);
  });

  it('calls the paths of the call contracts', () => {
    for (const [name, call] of Object.entries(IMAGE_CALLS)) {
      const contract = conversationImageCalls[name as keyof typeof conversationImageCalls];
      expect({ name, method: call.method, path: call.path }).toEqual({ name, method: contract.method, path: contract.path });
    }
  });
});
