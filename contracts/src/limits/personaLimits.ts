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

/**
 * Verbatim persona validation messages (document 2 §5). The API speaks the v2 variant (CREATE_PERSONA_V2_WEB; the
 * persona pages in mf-creator say why): its two messages are the same for the name and the highlights ("highlights
 * follow the same rules"), so no text has to be made up for the highlights. The max-length messages are not shown:
 * ours.
 */
export const PERSONA_MESSAGES = {
  avatarRequired: 'Avatar is required',
  /** The v2 form's (CREATE_PERSONA_V2_WEB): an empty name or highlights. */
  v2Required: 'This field is required',
  /** The v2 form's: a name or highlights under 3 characters. */
  v2TooShort: 'At least 3 characters required',
  /** The v1 form's (persona_v2 off; mf-creator's personaSchemas.ts). */
  nameEmpty: "Name can't be empty",
  nameTooShort: 'Name should at least have a length of 3',
  /** ours. */
  nameTooLong: 'Name should be 20 characters or less',
  /** ours. */
  highlightsTooLong: 'Highlights should be 1000 characters or less',
} as const;
