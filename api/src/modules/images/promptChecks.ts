import type { ContentClassifier } from '../moderation/contentClassifier';
import { imageContentRefused } from './imageErrors';

/**
 * The content checks of an avatar (document 1 §8 image codes), on what we can read of it: its prompt (generation, or
 * the prompt a generated picture is saved with) and its uploader's NSFW mark. The classifier is the chatbot checks' own
 * (embedded rules or the configured moderation endpoint). Policy (ours; the spec names the codes only):
 * - 6801 (underage): sexualised minors in the prompt, or sexual content together with a minor or an age under 18;
 * - 6802 (explicit): sexual content in the prompt, or a picture marked NSFW, where the product allows none (partners);
 * - otherwise sexual content in the prompt marks the picture NSFW (shown blurred where document 1 §6 says).
 * The negative prompt says what not to draw: it is not checked.
 */
export interface AvatarContent {
  prompt: string | null;
  markedNsfw: boolean;
}

/** Throws the 6801/6802 refusal, or answers whether the picture is NSFW. */
export async function checkAvatarContent(classifier: ContentClassifier, content: AvatarContent, nsfwAllowed: boolean): Promise<{ nsfw: boolean }> {
  let explicit: string | null = null;
  if (content.prompt && content.prompt.trim()) {
    // The classifier reads chatbot fields; an avatar prompt describes the chatbot as its persona does.
    const [signals] = await classifier.classify([{ field: 'persona', text: content.prompt }]);
    if (signals?.sexualMinors) throw imageContentRefused('underage', { field: 'prompt', rule: signals.sexualMinors });
    if (signals?.explicit && (signals.minor || signals.ageUnder18)) {
      throw imageContentRefused('underage', { field: 'prompt', rule: (signals.ageUnder18 ?? signals.minor)! });
    }
    explicit = signals?.explicit ?? null;
  }
  if (!nsfwAllowed) {
    if (explicit) throw imageContentRefused('explicit', { field: 'prompt', rule: explicit });
    if (content.markedNsfw) throw imageContentRefused('explicit', { field: 'is_nsfw', rule: 'marked_nsfw' });
  }
  return { nsfw: content.markedNsfw || explicit !== null };
}
