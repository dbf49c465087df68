import { z } from 'zod';
import { ConversationImageSettingsSchema } from './image';
import { UserInferenceSettingsSchema } from './inference';

/**
 * Settings stored locally (document 1 §3 "Settings stored locally"). The image settings are the conversation image
 * settings; the others are UI flags.
 */
export const LocalSettingsSchema = z.object({
  imageSettings: ConversationImageSettingsSchema.prefault({}),
  generationSettings: UserInferenceSettingsSchema.optional(),
  personaPickerDontShow: z.boolean().default(false),
  birthdayBannerDismissed: z.boolean().default(false),
  isPartner: z.boolean().default(false),
  isImpersonating: z.boolean().default(false),
  showNSFW: z.boolean().default(false),
  queueLearnMoreOpen: z.boolean().default(false),
});
export type LocalSettings = z.infer<typeof LocalSettingsSchema>;
