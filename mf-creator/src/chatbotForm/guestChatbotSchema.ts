import { CharacterInputSchema } from '@fable/contracts';
import { z } from 'zod';

/** An avatar address the create rule accepts, standing in for the one the guest adds once signed up; never kept or sent. */
const AVATAR_TO_COME = '/api/avatars/guest.svg';

/**
 * What a guest's Create checks before asking them to sign up (anonymous_create): every create rule and message of the
 * API's own schema except the avatar's, which needs an account (the picture is generated or uploaded through the API).
 * The values in and out are the create schema's.
 */
export const GuestChatbotSchema = z.preprocess(
  (values) => ({ ...(values as Record<string, unknown>), avatar_url: AVATAR_TO_COME }),
  CharacterInputSchema,
) as unknown as typeof CharacterInputSchema;
