import {
  type CardAvatar,
  AVATAR_EXTENSIONS,
  DEFAULT_URI,
  EMBEDDED_URI,
  isSafeEntryPath,
  MAIN_ICON_DIR,
  mainIconIndex,
  mimeTypeOfPath,
  PNG_ASSET_URI,
} from './cardAssets';
import { copyObject } from './cardFields';
import { encodeBase64, encodeUtf8, isPlainObject } from './cardJson';
import { type CardExtras, type CardFile, type LorebookV3 } from './cardTypes';
import { readCharacterBook } from './characterBook';
import { CHARX_CARD_PATH, writeCharx } from './charx';
import { restoreFitted } from './fittedValues';
import { CARD_FIELD_VALUES, type ChatbotFields, FABLE_EXTENSION } from './mapCharacter';
import { placeholderPng } from './placeholderPng';
import {
  ASSET_KEYWORD_PREFIX,
  CARD_KEYWORD_V2,
  CARD_KEYWORD_V3,
  isCardChunk,
  MAX_KEYWORD_LENGTH,
  type PngChunk,
  readPngChunks,
  textChunk,
  writePng,
} from './pngChunks';
import { V1_FIELDS, V3_BACKFILL_NOTE } from './readCard';

/**
 * Character card export (issue 13) from a chatbot's saved fields and the CardExtras kept at import: a PNG with
 * both a `chara` (V2) and a `ccv3` (V3) tEXt chunk, a V3 JSON, and a CHARX. The chatbot's fields take their card
 * fields (name, description ← persona, first_mes ← greeting, scenario, mes_example ← dialogue, tags; the title
 * in the `fable` extension); everything else comes back from the extras as it was imported: personality,
 * creator notes, system prompt, post-history instructions, alternate and group-only greetings, nickname,
 * extensions with unknown keys, the character book with every entry's extensions, assets and embedded files,
 * keys no specification names, and the card's legacy top-level keys.
 */

export interface ExportCharacter extends ChatbotFields {
  /** Written as `creator` for a chatbot made in Fable (an imported card keeps its own, even none). */
  creator_username?: string;
  /** Written as V3 `creation_date` when the card had none. */
  createdAt?: Date | string;
}

export interface ExportOptions {
  /** The card's embedded files as imported (ImportedCharacter.files). */
  files?: readonly CardFile[];
  /** The export time (V3 `modification_date`, zip entry times); now by default. */
  now?: Date;
}

type Container = 'png' | 'json' | 'charx';

const V3_ONLY = ['assets', 'nickname', 'creator_notes_multilingual', 'source', 'group_only_greetings', 'creation_date', 'modification_date'];
const V2_ORDER = [...V1_FIELDS, 'creator_notes', 'system_prompt', 'post_history_instructions', 'alternate_greetings', 'character_book', 'tags', 'creator', 'character_version', 'extensions'];
const KNOWN = new Set([...V2_ORDER, ...V3_ONLY]);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** How the embedded files and the main icon appear in one kind of export. */
interface AssetPlan {
  assets: Record<string, unknown>[] | undefined;
  /** PNG: asset chunks. */
  chunks: PngChunk[];
  /** CHARX: files besides card.json. */
  files: Array<{ path: string; bytes: Uint8Array }>;
}

/** The files to write: safe paths only, the first of two with one path. */
function safeFiles(files: readonly CardFile[] = []): Array<[string, Uint8Array]> {
  const byPath = new Map<string, Uint8Array>();
  for (const { path, bytes } of files) if (isSafeEntryPath(path) && !byPath.has(path) && path !== CHARX_CARD_PATH) byPath.set(path, bytes);
  return [...byPath];
}

function planAssets(extras: CardExtras, container: Container, avatar: CardAvatar | undefined, options: ExportOptions): AssetPlan {
  const original = Array.isArray(extras.data.assets) ? extras.data.assets.filter(isPlainObject).map(copyObject) : undefined;
  const files = safeFiles(options.files);
  const plan: AssetPlan = { assets: original, chunks: [], files: [] };
  const main = mainIconIndex(original);
  /** Embedded path → URI in this export. */
  const uris = new Map<string, string>();

  if (container === 'png') {
    files.forEach(([path, bytes], index) => {
      const key = ASSET_KEYWORD_PREFIX.length + path.length <= MAX_KEYWORD_LENGTH && /^[\x20-\x7e]+$/.test(path) ? path : String(index);
      plan.chunks.push(textChunk(`${ASSET_KEYWORD_PREFIX}${key}`, encodeBase64(bytes)));
      uris.set(path, `${PNG_ASSET_URI}${key}`);
    });
    // ccdefault: on a PNG card is the PNG itself.
    if (plan.assets && main !== -1) plan.assets[main] = { ...plan.assets[main], uri: DEFAULT_URI, ext: 'png' };
  } else if (container === 'charx') {
    for (const [path, bytes] of files) {
      plan.files.push({ path, bytes });
      uris.set(path, `${EMBEDDED_URI}${path}`);
    }
    if (avatar) {
      const ext = AVATAR_EXTENSIONS[avatar.mimeType];
      let path = `${MAIN_ICON_DIR}main.${ext}`;
      if (files.some(([taken]) => taken === path)) path = `${MAIN_ICON_DIR}main-avatar.${ext}`;
      plan.files.unshift({ path, bytes: avatar.bytes });
      const icon = { type: 'icon', uri: `${EMBEDDED_URI}${path}`, name: 'main', ext };
      plan.assets ??= [];
      if (main !== -1) plan.assets[main] = { ...plan.assets[main], uri: icon.uri, ext };
      else plan.assets.unshift(icon);
    }
  } else {
    for (const [path, bytes] of files) uris.set(path, `data:${mimeTypeOfPath(path)};base64,${encodeBase64(bytes)}`);
    if (plan.assets && main !== -1) plan.assets[main] = { ...plan.assets[main], uri: DEFAULT_URI };
  }

  plan.assets = plan.assets?.map((asset) => {
    const uri = typeof asset.uri === 'string' && asset.uri.startsWith(EMBEDDED_URI) ? uris.get(asset.uri.slice(EMBEDDED_URI.length)) : undefined;
    return uri ? { ...asset, uri } : asset;
  });
  return plan;
}

/** The V3 card object (`spec: "chara_card_v3"`). */
function buildCardV3(character: ExportCharacter, extras: CardExtras, assets: Record<string, unknown>[] | undefined, options: ExportOptions): Record<string, unknown> {
  const kept = extras.data;
  const extensions = { ...(isPlainObject(kept.extensions) ? kept.extensions : {}), [FABLE_EXTENSION]: { title: character.title } };
  const data: Record<string, unknown> = {
    name: character.name,
    description: character.persona,
    personality: text(kept.personality),
    scenario: character.scenario ?? '',
    first_mes: character.greeting,
    mes_example: character.dialogue ?? '',
    creator_notes: text(kept.creator_notes),
    system_prompt: text(kept.system_prompt),
    post_history_instructions: text(kept.post_history_instructions),
    alternate_greetings: texts(kept.alternate_greetings),
  };
  if (isPlainObject(kept.character_book)) data.character_book = readCharacterBook(structuredClone(kept.character_book), []);
  Object.assign(data, {
    tags: [...character.tags],
    // The card's own creator, even empty; a card that had none (V1) goes out with none, not as the importer's.
    creator: typeof kept.creator === 'string' ? kept.creator : extras.source ? '' : (character.creator_username ?? ''),
    character_version: text(kept.character_version),
    extensions,
    group_only_greetings: texts(kept.group_only_greetings),
  });
  if (assets) data.assets = assets;
  writeOriginals(data, character, extras);
  if (typeof kept.nickname === 'string') data.nickname = kept.nickname;
  if (isPlainObject(kept.creator_notes_multilingual)) data.creator_notes_multilingual = kept.creator_notes_multilingual;
  if (Array.isArray(kept.source)) data.source = texts(kept.source);
  const created = typeof kept.creation_date === 'number' ? kept.creation_date : character.createdAt ? seconds(new Date(character.createdAt)) : undefined;
  if (created !== undefined && Number.isFinite(created)) data.creation_date = created;
  data.modification_date = seconds(options.now ?? new Date());
  // Keys no specification names, as they were.
  for (const [key, value] of Object.entries(kept)) if (!KNOWN.has(key)) Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
  return { ...extras.legacy, spec: 'chara_card_v3', spec_version: '3.0', data };
}

/**
 * The card's own values of the fields the import changed to fit (CardExtras.fitted), while the chatbot's fields
 * still hold what was stored; a card's `title` field back beside the other fields.
 */
function writeOriginals(data: Record<string, unknown>, character: ExportCharacter, extras: CardExtras): void {
  if (!extras.fitted) return;
  for (const [key, current] of Object.entries(CARD_FIELD_VALUES)) {
    if (!Object.hasOwn(extras.fitted, key)) continue;
    const { write, value } = restoreFitted(extras.fitted, key, current(character));
    if (write) data[key] = value;
  }
}

/** The V2 card object written beside V3 in a PNG (`chara`): V3-only fields left out, the backfill note added. */
function buildCardV2(v3: Record<string, unknown>): Record<string, unknown> {
  const { spec: _spec, spec_version: _version, data: v3data, ...legacy } = v3;
  const data = Object.fromEntries(Object.entries(v3data as Record<string, unknown>).filter(([key]) => !V3_ONLY.includes(key)));
  const notes = text(data.creator_notes);
  data.creator_notes = notes ? `${V3_BACKFILL_NOTE}\n\n${notes}` : V3_BACKFILL_NOTE;
  const mirrors = Object.fromEntries(V1_FIELDS.map((key) => [key, data[key]]));
  return { ...legacy, ...mirrors, spec: 'chara_card_v2', spec_version: '2.0', data };
}

const cardText = (card: Record<string, unknown>) => encodeBase64(encodeUtf8(JSON.stringify(card)));

/** The base image: the avatar when it is a readable PNG, else the placeholder; card chunks taken out. */
function baseChunks(avatarPng: Uint8Array | undefined): PngChunk[] {
  if (avatarPng) {
    try {
      return readPngChunks(avatarPng).filter((chunk) => !isCardChunk(chunk));
    } catch {
      // not a PNG we can write into: the placeholder carries the card
    }
  }
  return readPngChunks(placeholderPng());
}

/**
 * A PNG card: the avatar (a PNG; anything else is replaced by a plain placeholder) with a `chara` chunk (V2) and
 * a `ccv3` chunk (V3), base64 of UTF-8 JSON, before IEND; embedded files as `chara-ext-asset_:` chunks.
 */
export function exportCardPng(character: ExportCharacter, extras: CardExtras, avatarPng?: Uint8Array, options: ExportOptions = {}): Uint8Array {
  const plan = planAssets(extras, 'png', undefined, options);
  const v3 = buildCardV3(character, extras, plan.assets, options);
  const chunks = baseChunks(avatarPng);
  const end = chunks.findIndex((chunk) => chunk.name === 'IEND');
  chunks.splice(end, 0, textChunk(CARD_KEYWORD_V2, cardText(buildCardV2(v3))), textChunk(CARD_KEYWORD_V3, cardText(v3)), ...plan.chunks);
  return writePng(chunks);
}

/** A V3 JSON card (the V3 specification: "The JSON file MUST be a CharacterCardV3 object"); embedded files as data URLs. */
export function exportCardJson(character: ExportCharacter, extras: CardExtras, options: ExportOptions = {}): string {
  const plan = planAssets(extras, 'json', undefined, options);
  return JSON.stringify(buildCardV3(character, extras, plan.assets, options), null, 2);
}

/** A CHARX: card.json (V3), the avatar as the main icon (`embeded://assets/icon/images/main.<ext>`) and the embedded files. */
export async function exportCardCharx(character: ExportCharacter, extras: CardExtras, avatar?: CardAvatar, options: ExportOptions = {}): Promise<Uint8Array> {
  const plan = planAssets(extras, 'charx', avatar, options);
  const card = buildCardV3(character, extras, plan.assets, options);
  const files = [{ path: CHARX_CARD_PATH, bytes: encodeUtf8(JSON.stringify(card)) }, ...plan.files];
  return writeCharx(files, options.now ?? new Date());
}

/** A standalone lorebook file (V3: `{ spec: "lorebook_v3", data }`). */
export function exportLorebookJson(lorebook: LorebookV3): string {
  return JSON.stringify({ spec: 'lorebook_v3', data: readCharacterBook(structuredClone(lorebook), []) }, null, 2);
}
