import { CARD_EXTRAS_MAX_BYTES } from '@fable/contracts';
import {
  type CardAvatar,
  DEFAULT_URI,
  dataUrlBytes,
  embeddedPath,
  EMBEDDED_URI,
  isSafeEntryPath,
  mainIconIndex,
  sniffImage,
} from './cardAssets';
import { CARD_CAPS } from './cardCaps';
import { type CardError, cardError, CardFailure } from './cardErrors';
import { copyObject } from './cardFields';
import { decodeBase64, decodeUtf8, parseJson } from './cardJson';
import { type CardCharacter, type CardContainer, type CardExtras, type CardFile, type LorebookV3 } from './cardTypes';
import { CHARX_CARD_PATH, hasZipSignature, readCharx } from './charx';
import { type CutField, mapCharacter } from './mapCharacter';
import {
  ASSET_KEYWORD_PREFIX,
  CARD_KEYWORD_V2,
  CARD_KEYWORD_V3,
  hasPngSignature,
  isCardChunk,
  type PngChunk,
  readPngChunks,
  textKeyword,
  textOf,
  writePng,
} from './pngChunks';
import { readCard, type ReadCardResult } from './readCard';

/**
 * Character card import (issue 13): a PNG with `chara` (V1/V2) and/or `ccv3` (V3, preferred when both exist), a
 * JSON card (V1, V2, V3), a standalone lorebook (`lorebook_v3`, SillyTavern World Info) or a CHARX. The result is
 * the chatbot's fields, its avatar, everything else the card holds (CardExtras, for exportCard to write back),
 * warnings and the list of what was cut; or a refusal with a code and a message. importCard never throws and
 * never hangs: every input is bounded by CARD_CAPS.
 */

export interface ImportedCharacter {
  kind: 'character';
  character: CardCharacter;
  /** From the PNG itself (card chunks taken out) or the card's main icon. */
  avatar?: CardAvatar;
  /** Everything else the card holds, JSON (stored with the chatbot; exportCard writes it back). */
  extras: CardExtras;
  /** Embedded files besides the card and its main icon (stored with the chatbot; exportCard writes them back). */
  files: CardFile[];
  warnings: string[];
  cut: CutField[];
}

export interface ImportedLorebook {
  kind: 'lorebook';
  lorebook: LorebookV3;
  warnings: string[];
}

export type ImportedCard = ImportedCharacter | ImportedLorebook;

export type CardImportResult = { ok: true; card: ImportedCard } | { ok: false; error: CardError };

function baseName(fileName: string | undefined): string | undefined {
  return fileName?.split(/[\\/]/).pop();
}

function containerOf(bytes: Uint8Array, fileName: string | undefined): CardContainer {
  if (hasPngSignature(bytes)) return 'png';
  if (hasZipSignature(bytes)) return 'charx';
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start < bytes.length && ' \t\r\n'.includes(String.fromCharCode(bytes[start]!))) start++;
  if (bytes[start] === 0x7b || bytes[start] === 0x5b) return 'json';
  const ext = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (ext === 'png' || bytes[0] === 0x89) return 'png';
  if (ext === 'charx' || ext === 'zip') return 'charx';
  if (ext === 'json') return 'json';
  throw new CardFailure('unsupported_format');
}

function parseCardText(bytes: Uint8Array, warnings: string[]): unknown {
  return parseJson(decodeUtf8(bytes, warnings));
}

/** The card of a tEXt value: base64 → UTF-8 → JSON. */
function decodeCardChunk(chunk: PngChunk, warnings: string[]): unknown {
  const value = textOf(chunk);
  const bytes = value === null ? null : decodeBase64(value);
  if (bytes === null) throw new CardFailure('bad_base64');
  return parseCardText(bytes, warnings);
}

interface Source {
  container: CardContainer;
  card: unknown;
  /** Embedded files by path (CHARX entries, PNG asset chunks). */
  files: Map<string, Uint8Array>;
  /** The PNG without its card chunks (ccdefault: icon of a PNG card). */
  pngAvatar?: Uint8Array;
}

function readPngSource(bytes: Uint8Array, warnings: string[]): Source {
  const chunks = readPngChunks(bytes);
  const texts = chunks.filter((chunk) => chunk.name === 'tEXt');
  if (texts.length === 0) throw new CardFailure('no_text_fields');
  const v3 = texts.find((chunk) => textKeyword(chunk) === CARD_KEYWORD_V3);
  const v2 = texts.find((chunk) => textKeyword(chunk) === CARD_KEYWORD_V2);
  if (!v3 && !v2) throw new CardFailure('no_chara_field');

  let card: unknown;
  if (v3) {
    try {
      card = decodeCardChunk(v3, warnings);
    } catch (error) {
      if (!v2 || !(error instanceof CardFailure)) throw error;
      warnings.push("The card's V3 data (ccv3) could not be read; its V2 data (chara) was used instead.");
    }
  }
  if (card === undefined) card = decodeCardChunk(v2!, warnings);

  const files = new Map<string, Uint8Array>();
  let unreadable = 0;
  for (const chunk of texts) {
    const keyword = textKeyword(chunk);
    if (!keyword?.startsWith(ASSET_KEYWORD_PREFIX)) continue;
    const value = textOf(chunk);
    const data = value === null ? null : decodeBase64(value);
    const path = keyword.slice(ASSET_KEYWORD_PREFIX.length);
    if (data === null || !isSafeEntryPath(path)) unreadable++;
    else if (!files.has(path)) files.set(path, data);
  }
  if (unreadable) warnings.push(`${unreadable} of the PNG's embedded assets could not be read and ${unreadable === 1 ? 'was' : 'were'} left out.`);
  return { container: 'png', card, files, pngAvatar: writePng(chunks.filter((chunk) => !isCardChunk(chunk))) };
}

async function readCharxSource(bytes: Uint8Array, warnings: string[]): Promise<Source> {
  const files = await readCharx(bytes);
  const cardJson = files.get(CHARX_CARD_PATH);
  if (!cardJson) throw new CardFailure('charx_no_card');
  files.delete(CHARX_CARD_PATH);
  return { container: 'charx', card: parseCardText(cardJson, warnings), files };
}

function avatarFrom(bytes: Uint8Array | null | undefined): CardAvatar | undefined {
  if (!bytes) return undefined;
  const mimeType = sniffImage(bytes);
  return mimeType ? { bytes, mimeType } : undefined;
}

/**
 * Resolves the assets: `__asset:` URIs become `embeded://` (one form in the extras), the main icon becomes the
 * avatar (its file leaves the extras and its URI becomes `ccdefault:`, standing for the chatbot's avatar).
 */
function resolveAssets(data: Record<string, unknown>, source: Source, warnings: string[]): CardAvatar | undefined {
  const assets = Array.isArray(data.assets) ? (data.assets as Record<string, unknown>[]).map(copyObject) : undefined;
  const pngAvatar = source.pngAvatar ? { bytes: source.pngAvatar, mimeType: 'image/png' as const } : undefined;
  if (!assets) return pngAvatar;
  for (const asset of assets) {
    const path = embeddedPath(asset.uri as string);
    if (path !== null && source.files.has(path)) asset.uri = `${EMBEDDED_URI}${path}`;
  }
  data.assets = assets;
  const index = mainIconIndex(assets);
  if (index === -1) return pngAvatar;
  const icon = assets[index]!;
  const uri = icon.uri as string;
  let avatar: CardAvatar | undefined;
  const path = embeddedPath(uri);
  if (path !== null) {
    avatar = avatarFrom(source.files.get(path));
    if (avatar) source.files.delete(path);
  } else if (uri.startsWith('data:')) {
    avatar = avatarFrom(dataUrlBytes(uri));
  }
  if (uri === DEFAULT_URI || (!avatar && pngAvatar)) return pngAvatar;
  if (!avatar) {
    warnings.push(
      /^https?:/i.test(uri)
        ? "The card's icon is a web address; it was not downloaded. Choose an avatar."
        : "The card's icon could not be read. Choose an avatar.",
    );
    return undefined;
  }
  icon.uri = DEFAULT_URI;
  return avatar;
}

function importCharacter(read: Extract<ReadCardResult, { kind: 'character' }>, source: Source, warnings: string[]): ImportedCharacter {
  const data = read.data;
  const avatar = resolveAssets(data, source, warnings);
  const { character, cut, fitted, rest } = mapCharacter(data, warnings);
  const files = [...source.files].map(([path, bytes]) => ({ path, bytes }));
  const extras: CardExtras = {
    version: 1,
    source: { container: source.container, spec: read.spec, ...(read.specVersion !== undefined ? { spec_version: read.specVersion } : {}) },
    data: rest,
    legacy: read.legacy,
    ...(Object.keys(fitted).length > 0 ? { fitted } : {}),
  };
  const size = Buffer.byteLength(JSON.stringify(extras));
  if (size > CARD_EXTRAS_MAX_BYTES) {
    warnings.push(
      `The card's other data (character book, extra greetings, extensions …) takes ${Math.ceil(size / 1024)} KB, more than the ${CARD_EXTRAS_MAX_BYTES / 1024} KB a chatbot keeps: it cannot be saved with the chatbot as it is.`,
    );
  }
  return { kind: 'character', character, ...(avatar ? { avatar } : {}), extras, files, warnings, cut };
}

async function importAny(bytes: Uint8Array, fileName: string | undefined): Promise<ImportedCard> {
  if (bytes.length === 0) throw new CardFailure('empty_file');
  if (bytes.length >= CARD_CAPS.maxInputBytes) throw new CardFailure('file_too_large');
  const warnings: string[] = [];
  const container = containerOf(bytes, fileName);
  const source: Source =
    container === 'png'
      ? readPngSource(bytes, warnings)
      : container === 'charx'
        ? await readCharxSource(bytes, warnings)
        : { container: 'json', card: parseCardText(bytes, warnings), files: new Map() };
  const read = readCard(source.card, baseName(fileName), warnings);
  if (read.kind === 'lorebook') return { kind: 'lorebook', lorebook: read.lorebook, warnings };
  return importCharacter(read, source, warnings);
}

/** Imports a card file; resolves to the card or to a refusal, never rejects. */
export async function importCard(bytes: Uint8Array, fileName?: string): Promise<CardImportResult> {
  try {
    return { ok: true, card: await importAny(bytes, fileName) };
  } catch (error) {
    if (error instanceof CardFailure) return { ok: false, error: cardError(error.code) };
    // A file this module could not make sense of in a way it did not foresee: still the creator's file, not a 5xx.
    return { ok: false, error: cardError('unreadable') };
  }
}

