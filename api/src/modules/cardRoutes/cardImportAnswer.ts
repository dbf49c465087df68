import { CARD_EXTRAS_MAX_BYTES, type CardDropped, type CardImportResult, type CharacterCardImport } from '@fable/contracts';
import { DEPTH_RULE, findInputIssues, MAX_BODY_DEPTH } from '../../http/inputGuard';
import { CARD_CAPS, type CardExtras, type CardFileSelection, type ImportedCard, type ImportedCharacter } from '../cards';
import { unsafeCardText } from './cardRouteErrors';

/**
 * An imported card as the import call answers it (contracts' CardImportResultSchema): the chatbot's fields, the
 * card's other data as `card_extras` made to fit what a save accepts, the warnings, cuts and drops, the avatar.
 */

/** A save's body holds card_extras one level down: what lies deeper than this inside it is refused by the input guard. */
export const EXTRAS_MAX_DEPTH = MAX_BODY_DEPTH - 1;

const KB = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** The cards module's own note that the extras are too big: once they are fitted, replaced by the list of what was left out. */
const isOversizeNote = (warning: string) => warning.includes(`more than the ${CARD_EXTRAS_MAX_BYTES / 1024} KB a chatbot keeps`);

const LABELS: Record<string, string> = {
  'data.character_book': 'the character book',
  'data.alternate_greetings': 'the alternate greetings',
  'data.group_only_greetings': 'the group-only greetings',
  'data.extensions': 'the extensions',
  'data.assets': 'the asset list',
  'data.creator_notes': "the creator's notes",
  'data.system_prompt': 'the system prompt',
  'data.post_history_instructions': 'the post-history instructions',
  'data.creator_notes_multilingual': "the creator's notes in other languages",
};
const label = (path: string) => (path.startsWith('fitted.') ? `the card's own ${path.slice('fitted.'.length)} (before it was fitted)` : (LABELS[path] ?? `"${path}"`));

type Section = 'data' | 'legacy' | 'fitted';

/**
 * The extras as a save accepts them: keys of the card's data (or its legacy top level) nested deeper than a save's
 * body may be are left out, then the largest keys until the JSON is at most CARD_EXTRAS_MAX_BYTES. Every key left
 * out is listed (`dropped`) and told in a warning.
 */
export function fitExtras(extras: CardExtras): { extras: CardExtras; dropped: CardDropped[]; warnings: string[] } {
  const fitted: CardExtras = { ...extras, data: { ...extras.data }, legacy: { ...extras.legacy } };
  if (extras.fitted) fitted.fitted = { ...extras.fitted };
  const dropped: CardDropped[] = [];
  const warnings: string[] = [];
  // The card's own values of fitted fields (CardExtras.fitted) are left out like the rest, largest first.
  const sections: Section[] = fitted.fitted ? ['data', 'legacy', 'fitted'] : ['data', 'legacy'];

  // Depth first: a key at card_extras.<section>.<key> sits two levels down.
  const deep: string[] = [];
  for (const section of sections) {
    for (const [key, value] of Object.entries(fitted[section] ?? {})) {
      const tooDeep = findInputIssues(key, value, EXTRAS_MAX_DEPTH - 2).some((issue) => issue.message === DEPTH_RULE);
      if (!tooDeep) continue;
      delete fitted[section]![key];
      const path = `${section}.${key}`;
      dropped.push({ path, bytes: jsonBytes(value), reason: 'nested_too_deeply' });
      deep.push(label(path));
    }
  }
  if (deep.length > 0) warnings.push(`Left out because it is nested too deeply to be saved: ${deep.join(', ')}.`);

  const total = jsonBytes(fitted);
  if (total > CARD_EXTRAS_MAX_BYTES) {
    const candidates = sections
      .flatMap((section) => Object.entries(fitted[section] ?? {}).map(([key, value]) => ({ section, key, bytes: jsonBytes(value) })))
      .sort((a, b) => b.bytes - a.bytes);
    const left: string[] = [];
    let size = total;
    for (const { section, key, bytes } of candidates) {
      if (size <= CARD_EXTRAS_MAX_BYTES) break;
      delete fitted[section]![key];
      const path = `${section}.${key}`;
      dropped.push({ path, bytes, reason: 'too_large' });
      left.push(`${label(path)} (${KB(bytes)})`);
      size = jsonBytes(fitted);
    }
    warnings.push(
      `The card's other data takes ${KB(total)}, more than the ${KB(CARD_EXTRAS_MAX_BYTES)} a chatbot keeps; left out so that the rest can be saved: ${left.join(', ')}.`,
    );
  }
  return { extras: fitted, dropped, warnings };
}

const MB = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The embedded files over the caps: each in `dropped`, all in one warning. */
function leftFiles(selection: CardFileSelection): { dropped: CardDropped[]; warnings: string[] } {
  const left = selection.left;
  if (left.length === 0) return { dropped: [], warnings: [] };
  const shown = left.slice(0, 5).map((file) => file.path);
  const more = left.length > shown.length ? ` and ${left.length - shown.length} more` : '';
  const n = left.length;
  return {
    dropped: left.map((file) => ({ path: file.path, bytes: file.bytes, reason: 'too_large' as const })),
    warnings: [
      `${n} file${n === 1 ? '' : 's'} embedded in the card (${shown.join(', ')}${more}) ${n === 1 ? 'was' : 'were'} left out: a chatbot keeps at most ${CARD_CAPS.keptFilesMax} embedded files and ${MB(CARD_CAPS.keptFilesMaxBytes)} of them in all.`,
    ],
  };
}

function characterAnswer(card: ImportedCharacter, files: CardFileSelection): CharacterCardImport {
  const refs = files.kept.map((file) => file.ref);
  const fitted = fitExtras(refs.length > 0 ? { ...card.extras, files: refs } : card.extras);
  const left = leftFiles(files);
  return {
    kind: 'character',
    character: {
      name: card.character.name,
      title: card.character.title,
      persona: card.character.persona,
      greeting: card.character.greeting,
      scenario: card.character.scenario ?? null,
      dialogue: card.character.dialogue ?? null,
      tags: card.character.tags,
    },
    card_extras: fitted.extras,
    warnings: [...card.warnings.filter((w) => !isOversizeNote(w)), ...fitted.warnings, ...left.warnings],
    cut: card.cut,
    dropped: [...fitted.dropped, ...left.dropped],
    avatar: card.avatar ? { content_type: card.avatar.mimeType, data_base64: Buffer.from(card.avatar.bytes).toString('base64') } : null,
  };
}

/**
 * The answer of the import call; refused (400 card_unsafe_text) when any text read out of the card holds a NUL
 * character or an unpaired surrogate, which no chatbot (PostgreSQL text) can store. A character's embedded files
 * within the caps (`files`, selectCardFiles) are referenced in card_extras.files, the others listed in `dropped`;
 * the caller stores the kept ones.
 */
export function importAnswer(card: ImportedCard, files: CardFileSelection = { kept: [], left: [] }): CardImportResult {
  const answer: CardImportResult =
    card.kind === 'lorebook'
      ? { kind: 'lorebook', lorebook: card.lorebook, entry_count: card.lorebook.entries.length, warnings: card.warnings }
      : characterAnswer(card, files);
  const { avatar: _avatar, ...texts } = answer as CharacterCardImport;
  const issues = findInputIssues('card', texts, Number.POSITIVE_INFINITY);
  if (issues.length > 0) throw unsafeCardText(issues);
  return answer;
}
