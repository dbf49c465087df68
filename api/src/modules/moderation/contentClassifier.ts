/**
 * The classifier behind the automatic content checks: it reads texts and says what it sees in each, nothing more;
 * what is refused, with which code, is the policy's (characterModeration.ts). Two implementations: the embedded
 * rule-based one (ruleBasedClassifier.ts, the default) and an OpenAI-compatible moderation endpoint
 * (openAiModerationClassifier.ts, MODERATION_URL); another classifier is one more implementation of this interface.
 */

/** The chatbot fields the checks read. */
export const MODERATED_FIELDS = ['name', 'title', 'greeting', 'persona', 'scenario', 'dialogue', 'tags'] as const;
export type ModeratedField = (typeof MODERATED_FIELDS)[number];

export interface ModeratedText {
  field: ModeratedField;
  text: string;
}

/**
 * What the classifier saw in one text; each signal is the name of the rule (or category) that saw it, or null:
 * - explicit: sexual content;
 * - sexualMinors: sexual content involving minors, or terms that only mean that;
 * - minor: a child or minor is described;
 * - ageUnder18: an age under 18 is stated.
 */
export interface TextSignals {
  field: ModeratedField;
  explicit: string | null;
  sexualMinors: string | null;
  minor: string | null;
  ageUnder18: string | null;
}

export interface ContentClassifier {
  readonly name: string;
  /** One TextSignals per text, in order. Throws when the classifier cannot answer (the caller falls back). */
  classify(texts: readonly ModeratedText[]): Promise<TextSignals[]>;
}

export const noSignals = (field: ModeratedField): TextSignals => ({ field, explicit: null, sexualMinors: null, minor: null, ageUnder18: null });
