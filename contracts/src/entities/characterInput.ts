import { z } from 'zod';
import {
  CARD_EXTRAS_MAX_BYTES,
  CHARACTER_LIMITS as L,
  CHARACTER_MESSAGES as M,
} from '../limits/characterLimits';
import { containsLink } from '../text/linkDetection';
import { CHARACTER_VISIBILITIES, type CharacterVisibility } from './character';
import { ChatLanguageSchema } from './language';

/**
 * What a creator sends to create or update a chatbot (document 1 §3 "Character", §5 "Validation rules", §7 "Create/update
 * character"), the same schemas in the browser form and in the API (POST /characters, PATCH /characters/:id). Classic
 * zod: the form is not on the first screen (docs/adr/0001). Token limits need a tokenizer: characterTokens.ts.
 */

/**
 * Our own avatar URLs: the API's generated avatars, `/api/avatars/{seed}.svg` (api/src/modules/avatars: a seed is 1 to
 * 8 groups of lower-case letters and digits joined by "-", at most 80 characters), or a picture uploaded or generated
 * through the image calls, `/api/images/{hash}/{preset}.webp` (api/src/modules/images; contracts' api/images.ts: the
 * hash is 32 lower-case hex characters, the preset one of document 1 §9's avatar presets; not a blurred variant).
 */
export const OWN_AVATAR_URL_PATTERN = /^\/api\/avatars\/[a-z0-9]+(?:-[a-z0-9]+){0,7}\.svg$/;
export const OWN_AVATAR_SEED_MAX = 80;
export const OWN_IMAGE_URL_PATTERN = /^\/api\/images\/[0-9a-f]{32}\/(?:48x48|256x256|400x400|500x600)\.webp$/;

export function isOwnAvatarUrl(url: string): boolean {
  if (OWN_IMAGE_URL_PATTERN.test(url)) return true;
  const seed = url.slice('/api/avatars/'.length, -'.svg'.length);
  return OWN_AVATAR_URL_PATTERN.test(url) && seed.length <= OWN_AVATAR_SEED_MAX;
}

/** The avatar of a chatbot: required, and one of ours ("You must generate an Avatar"). */
export const OwnAvatarUrlSchema = z
  .string({ error: M.avatarRequired })
  .min(1, { error: M.avatarRequired, abort: true })
  .refine(isOwnAvatarUrl, { error: M.avatarRequired });

/** Bytes of a string in UTF-8 (no TextEncoder: contracts build for every runtime). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * card_extras: what a card import keeps that the form does not map (the cards module exports it again). An opaque
 * JSON object, at most CARD_EXTRAS_MAX_BYTES of JSON; stored and returned as given.
 */
export const CardExtrasSchema = z
  .record(z.string().max(200), z.json())
  .refine((value) => utf8Length(JSON.stringify(value)) <= CARD_EXTRAS_MAX_BYTES, { error: M.cardExtrasTooLarge });
export type CardExtras = z.infer<typeof CardExtrasSchema>;

/**
 * An optional long text (scenario, dialogue): at most 4000, at least 3 after trimming, no links; a value of 0 or 1
 * trimmed characters (or null) is "kept only if longer than 1 char" (document 1 §5): it becomes null, which on an
 * update clears the field.
 */
function optionalLongText(min: number, max: number, m: { short: string; long: string; link: string }) {
  return z
    .string()
    .max(max, { error: m.long })
    .refine((v) => {
      const n = v.trim().length;
      return n <= L.optionalTextDropAtOrBelow || n >= min;
    }, { error: m.short })
    .refine((v) => !containsLink(v), { error: m.link })
    .nullable()
    .transform((v) => (v !== null && v.trim().length > L.optionalTextDropAtOrBelow ? v : null));
}

/** A tag as a creator sends it: trimmed, 1 to 50 characters, no link. */
export const CharacterTagInputSchema = z
  .string()
  .trim()
  .min(1, { error: M.tagsMinSelect })
  .max(50, { error: M.tagTooLong })
  .refine((v) => !containsLink(v), { error: M.tagsNoLink });

/** Tags: at most 12 ("Tag limit reached"), duplicates (ignoring case) dropped, the first spelling kept. */
export const CharacterTagsInputSchema = z
  .array(CharacterTagInputSchema)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => {
      const key = t.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string()).max(L.tagsMax, { error: M.tagLimitReached }));

export const CharacterVisibilityInputSchema = z.enum(CHARACTER_VISIBILITIES, { error: M.visibilityRequired });

/**
 * A required text (name, title, greeting, personality) with the form's verbatim messages: one message per field, in
 * this order: required (empty or blank), too short (after trimming), too long, contains a link. No check aborts the
 * object, so rules across fields (2 tags when public) show together with these.
 */
function requiredText(min: number, max: number, m: { required: string; short: string; long: string; link: string }) {
  return z
    .string({ error: m.required })
    .max(max, { error: m.long })
    .superRefine((v, ctx) => {
      const trimmed = v.trim().length;
      if (trimmed === 0) ctx.addIssue({ code: 'custom', message: m.required });
      else if (trimmed < min) ctx.addIssue({ code: 'custom', message: m.short });
      else if (v.length <= max && containsLink(v)) ctx.addIssue({ code: 'custom', message: m.link });
    });
}

/** The text fields with the form's verbatim messages (document 1 §5). */
const textFields = {
  name: requiredText(L.nameMin, L.nameMax, { required: M.nameRequired, short: M.nameTooShort, long: M.nameTooLong, link: M.nameNoLink }),
  title: requiredText(L.titleMin, L.titleMax, { required: M.titleRequired, short: M.titleTooShort, long: M.titleTooLong, link: M.titleNoLink }),
  greeting: requiredText(L.greetingMin, L.greetingMax, {
    required: M.greetingRequired,
    short: M.greetingTooShort,
    long: M.greetingTooLong,
    link: M.greetingNoLink,
  }),
  persona: requiredText(L.personalityMin, L.personalityMax, {
    required: M.personalityRequired,
    short: M.personalityTooShort,
    long: M.personalityTooLong,
    link: M.personalityNoLink,
  }),
};

const longTextFields = {
  scenario: optionalLongText(L.scenarioMin, L.scenarioMax, { short: M.scenarioTooShort, long: M.scenarioTooLong, link: M.scenarioNoLink }),
  dialogue: optionalLongText(L.dialogueMin, L.dialogueMax, { short: M.dialogueTooShort, long: M.dialogueTooLong, link: M.dialogueNoLink }),
};

type TagsAndVisibility = { visibility?: CharacterVisibility | undefined; tags?: readonly string[] | undefined };

/** "public characters require the minimum" of 2 tags: checked once tags and visibility are valid themselves. */
const publicHasTags = (v: TagsAndVisibility) => v.visibility !== 'public' || v.tags === undefined || v.tags.length >= L.tagsMin;
const publicHasTagsParams = {
  path: ['tags'],
  error: M.tagsMinRequired,
  when: (payload: { value: unknown; issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((i) => !i.path?.length || i.path[0] === 'tags' || i.path[0] === 'visibility'),
};

/**
 * definition_visible after a save (document 1 §4 "Visibility"): only a public chatbot shows its definition ("Private
 * forces definition_visible false; definition_visible is editable only when public"); choosing public turns it on
 * unless the same save turns it off; a public chatbot keeps its choice otherwise.
 */
export function definitionVisibleAfter(
  visibility: CharacterVisibility,
  requested: boolean | undefined,
  previous: { visibility: CharacterVisibility; definition_visible: boolean } | null,
): boolean {
  if (visibility !== 'public') return false;
  if (requested !== undefined) return requested;
  if (previous === null || previous.visibility !== 'public') return true;
  return previous.definition_visible;
}

function characterInputSchema(guidelinesMessage: string) {
  return z
    .object({
      ...textFields,
      scenario: longTextFields.scenario.optional(),
      dialogue: longTextFields.dialogue.optional(),
      visibility: CharacterVisibilityInputSchema,
      definition_visible: z.boolean().optional(),
      avatar_url: OwnAvatarUrlSchema,
      avatar_is_nsfw: z.boolean().default(false),
      is_nsfw: z.boolean().default(false),
      tags: CharacterTagsInputSchema.default([]),
      language: ChatLanguageSchema.optional(),
      /** The guidelines box must be ticked on create. */
      guidelines: z.literal(true, { error: guidelinesMessage }),
      card_extras: CardExtrasSchema.optional(),
      /** Resend with true after a refusal whose details carry submitForManualReview (document 1 §4). */
      submitForManualReview: z.boolean().optional(),
    })
    .refine(publicHasTags, publicHasTagsParams)
    .transform((v) => ({
      ...v,
      scenario: v.scenario ?? null,
      dialogue: v.dialogue ?? null,
      definition_visible: definitionVisibleAfter(v.visibility, v.definition_visible, null),
    }));
}

/**
 * Create a chatbot (POST /characters): every field of the form, with document 1 §5's rules and messages. Scenario and
 * dialogue come out as null when empty; definition_visible as §4 says (definitionVisibleAfter).
 */
export const CharacterInputSchema = characterInputSchema(M.guidelinesRequired);
export type CharacterInput = z.input<typeof CharacterInputSchema>;
export type CharacterInputValues = z.output<typeof CharacterInputSchema>;

/** The same for a card import, whose guidelines message differs ("You must agree with the Community Guidelines"). */
export const CharacterImportInputSchema = characterInputSchema(M.guidelinesRequiredImport);

/**
 * Update a chatbot (PATCH /characters/:id): only the changed fields (document 1 §7), each with its create rule;
 * scenario or dialogue null (or 0-1 characters) clears it. submitForManualReview as on create. The API checks the
 * result as a whole: 2 tags when public, the token limit, the visibility and moderation rules (§4).
 */
export const CharacterUpdateInputSchema = z
  .object({
    name: textFields.name.optional(),
    title: textFields.title.optional(),
    greeting: textFields.greeting.optional(),
    persona: textFields.persona.optional(),
    scenario: longTextFields.scenario.optional(),
    dialogue: longTextFields.dialogue.optional(),
    visibility: CharacterVisibilityInputSchema.optional(),
    definition_visible: z.boolean().optional(),
    avatar_url: OwnAvatarUrlSchema.optional(),
    avatar_is_nsfw: z.boolean().optional(),
    is_nsfw: z.boolean().optional(),
    tags: CharacterTagsInputSchema.optional(),
    language: ChatLanguageSchema.optional(),
    card_extras: CardExtrasSchema.optional(),
    submitForManualReview: z.boolean().optional(),
  })
  .refine(publicHasTags, publicHasTagsParams);
export type CharacterUpdateInput = z.input<typeof CharacterUpdateInputSchema>;
export type CharacterUpdateValues = z.output<typeof CharacterUpdateInputSchema>;
