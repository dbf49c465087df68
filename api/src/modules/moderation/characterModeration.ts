import { CHARACTER_MESSAGES, ERROR_CODES, containsLink, type ModerationFinding } from '@fable/contracts';
import type { ValidationIssue } from '../../http/errorHandling';
import type { ContentClassifier, ModeratedField, ModeratedText, TextSignals } from './contentClassifier';

/**
 * The automatic checks every save of a chatbot passes (document 1 §5 link detection, §8 content codes), in one
 * place. The classifier says what it sees; this policy decides:
 * - a link in any text field or tag: refused as a validation error on that field (the form's messages);
 * - 1213 (underage): sexual content involving minors, whatever else the chatbot is;
 * - 1214 (underage): an age under 18 stated in a sexual chatbot;
 * - 1215 (underage): a child or minor described in a sexual chatbot;
 * - 1212 (explicit): sexual content in the text where the product allows no NSFW content;
 * - 1203 (explicit): the chatbot or its avatar marked NSFW where the product allows no NSFW content;
 * "sexual chatbot": marked NSFW (is_nsfw, avatar_is_nsfw) or sexual content found in its text. Where NSFW is
 * allowed, sexual content in a chatbot not marked NSFW marks it NSFW (so safe-mode listings never show it).
 * The spec names the codes, not which is which; this assignment is ours.
 */

export interface ModerationSubject {
  name: string;
  title: string;
  greeting: string;
  persona: string;
  scenario: string | null;
  dialogue: string | null;
  tags: readonly string[];
  is_nsfw: boolean;
  avatar_is_nsfw: boolean;
}

export interface ModerationContext {
  /** Whether the product (the application) allows NSFW content at all. */
  nsfwAllowed: boolean;
}

export interface ModerationOutcome {
  /** Links found, as validation issues on body fields. */
  linkIssues: ValidationIssue[];
  /** Content findings, most serious first; the first one is the refusal's code. */
  findings: ModerationFinding[];
  /** Sexual content in a chatbot not marked NSFW, where NSFW is allowed: save it marked NSFW. */
  markNsfw: boolean;
}

const LINK_MESSAGES: Record<ModeratedField, string> = {
  name: CHARACTER_MESSAGES.nameNoLink,
  title: CHARACTER_MESSAGES.titleNoLink,
  greeting: CHARACTER_MESSAGES.greetingNoLink,
  persona: CHARACTER_MESSAGES.personalityNoLink,
  scenario: CHARACTER_MESSAGES.scenarioNoLink,
  dialogue: CHARACTER_MESSAGES.dialogueNoLink,
  tags: CHARACTER_MESSAGES.tagsNoLink,
};

/** The order codes are reported in: underage before explicit, the most specific first. */
const CODE_ORDER: readonly number[] = [
  ERROR_CODES.CHARACTER_UNDERAGE_1213,
  ERROR_CODES.CHARACTER_UNDERAGE_1214,
  ERROR_CODES.CHARACTER_UNDERAGE_1215,
  ERROR_CODES.CHARACTER_EXPLICIT_1212,
  ERROR_CODES.CHARACTER_EXPLICIT_1203,
];

export function moderatedTexts(subject: ModerationSubject): ModeratedText[] {
  const texts: ModeratedText[] = [
    { field: 'name', text: subject.name },
    { field: 'title', text: subject.title },
    { field: 'greeting', text: subject.greeting },
    { field: 'persona', text: subject.persona },
  ];
  if (subject.scenario) texts.push({ field: 'scenario', text: subject.scenario });
  if (subject.dialogue) texts.push({ field: 'dialogue', text: subject.dialogue });
  if (subject.tags.length > 0) texts.push({ field: 'tags', text: subject.tags.join(', ') });
  return texts;
}

function linkIssuesOf(subject: ModerationSubject): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const { field, text } of moderatedTexts(subject)) {
    if (field === 'tags') {
      subject.tags.forEach((tag, i) => {
        if (containsLink(tag)) issues.push({ path: `body.tags.${i}`, message: LINK_MESSAGES.tags });
      });
    } else if (containsLink(text)) issues.push({ path: `body.${field}`, message: LINK_MESSAGES[field] });
  }
  return issues;
}

/** The findings of the classifier's signals and the NSFW marks under the policy above. */
export function findingsOf(subject: ModerationSubject, signals: readonly TextSignals[], context: ModerationContext): Omit<ModerationOutcome, 'linkIssues'> {
  const findings: ModerationFinding[] = [];
  const explicit = signals.filter((s) => s.explicit !== null);
  const sexual = subject.is_nsfw || subject.avatar_is_nsfw || explicit.length > 0;
  for (const s of signals) {
    if (s.sexualMinors) findings.push({ code: ERROR_CODES.CHARACTER_UNDERAGE_1213, kind: 'underage', field: s.field, rule: s.sexualMinors });
    if (sexual && s.ageUnder18) findings.push({ code: ERROR_CODES.CHARACTER_UNDERAGE_1214, kind: 'underage', field: s.field, rule: s.ageUnder18 });
    if (sexual && s.minor) findings.push({ code: ERROR_CODES.CHARACTER_UNDERAGE_1215, kind: 'underage', field: s.field, rule: s.minor });
  }
  if (!context.nsfwAllowed) {
    for (const s of explicit) findings.push({ code: ERROR_CODES.CHARACTER_EXPLICIT_1212, kind: 'explicit', field: s.field, rule: s.explicit! });
    if (subject.is_nsfw) findings.push({ code: ERROR_CODES.CHARACTER_EXPLICIT_1203, kind: 'explicit', field: 'is_nsfw', rule: 'marked_nsfw' });
    if (subject.avatar_is_nsfw) {
      findings.push({ code: ERROR_CODES.CHARACTER_EXPLICIT_1203, kind: 'explicit', field: 'avatar_is_nsfw', rule: 'marked_nsfw' });
    }
  }
  findings.sort((a, b) => CODE_ORDER.indexOf(a.code) - CODE_ORDER.indexOf(b.code));
  return { findings, markNsfw: context.nsfwAllowed && !subject.is_nsfw && explicit.length > 0 };
}

/** Runs the automatic checks on a chatbot as it would be saved. */
export async function reviewCharacter(
  classifier: ContentClassifier,
  subject: ModerationSubject,
  context: ModerationContext,
): Promise<ModerationOutcome> {
  const linkIssues = linkIssuesOf(subject);
  if (linkIssues.length > 0) return { linkIssues, findings: [], markNsfw: false };
  const signals = await classifier.classify(moderatedTexts(subject));
  return { linkIssues, ...findingsOf(subject, signals, context) };
}
