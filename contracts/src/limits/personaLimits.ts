import type { Tier } from '../permissions/permissions';

/** Persona limits (document 1 §9, document 2 §5 and §9). */
export const PERSONA_LIMITS = {
  nameMin: 3,
  nameMax: 20,
  highlightsMin: 3,
  highlightsMax: 1000,
} as const;

/** Persona count per tier (document 1 §9, document 2 §9). */
export const PERSONA_COUNT_LIMIT = {
  free: 3,
  minimal: 10,
  basic: 50,
  premium: 100,
} as const satisfies Record<Tier, number>;

/** Verbatim persona validation messages (document 2 §5). The max-length messages are not shown: ours. */
export const PERSONA_MESSAGES = {
  avatarRequired: 'Avatar is required',
  nameEmpty: "Name can't be empty",
  nameTooShort: 'Name should at least have a length of 3',
  /** The v2 form (CREATE_PERSONA_V2_WEB). */
  v2Required: 'This field is required',
  v2TooShort: 'At least 3 characters required',
  /** ours, after the name messages: "highlights follow the same rules". */
  highlightsEmpty: "Highlights can't be empty",
  highlightsTooShort: 'Highlights should at least have a length of 3',
  /** ours. */
  nameTooLong: 'Name should be 20 characters or less',
  /** ours. */
  highlightsTooLong: 'Highlights should be less than 1000 characters',
} as const;
