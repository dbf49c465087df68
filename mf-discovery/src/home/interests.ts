import type { INTERESTS as CONTRACT_INTERESTS } from '@fable/contracts';

/**
 * The first-time "I'm interested in..." choices (document 1 §2): contracts' INTERESTS. Typed as the contracts'
 * tuple, so a change there fails the build here; not imported at run time because the module holding it builds zod
 * schemas, which must stay off the home route's first load (docs/adr/0001). interests.test.ts compares the values.
 */
export const INTERESTS: typeof CONTRACT_INTERESTS = ['Female', 'Male', 'Non-Binary'];
export type Interest = (typeof CONTRACT_INTERESTS)[number];

/** The picker's choices, kept on this device: they feed the recommender's cold start (guests and new members). */
export const INTERESTS_KEY = 'fable.interests';
/** The picker shows once per device. */
export const INTEREST_PICKER_DONE_KEY = 'fable.interestPickerDone';

export function isInterest(value: unknown): value is Interest {
  return typeof value === 'string' && (INTERESTS as readonly string[]).includes(value);
}
