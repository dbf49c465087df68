import { CARD_EXPORT_CONTENT_TYPES, type CardExportFormat } from '@fable/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../http/access';
import type { Queryable } from '../../infra/db/database';
import type { ObjectStore } from '../../infra/storage/objectStore';
import { CardExtrasSchema, emptyCardExtras, exportCardCharx, exportCardJson, exportCardPng, type CardAvatar, type CardExtras, type ExportCharacter } from '../cards';
import { canView, viewerOf } from '../discovery/characterAccess';
import { characterNotFound } from '../discovery/discoveryErrors';
import { cardExtrasWithLorebooks } from '../lorebooks/characterBook';
import { findFullCharacter, type FullCharacterRow } from '../moderation/fullCharacter';
import type { AvatarLoader } from './avatarSource';
import { loadCardFiles } from './cardFileStore';
import { characterWithdrawn, definitionHidden } from './cardRouteErrors';
import { attachmentDisposition } from './exportFileName';

/**
 * A saved chatbot as a card file: read from the database at each call (the characters row and the card_extras kept
 * beside it in character_authoring), so the file always holds the saved state; with the card's embedded files read
 * back from the image store (card_extras.files) and the avatar as a PNG (avatarSource.ts).
 *
 * Who may export: the creator, always; anyone else (members and guests) a public chatbot of their application whose
 * definition is visible and that moderation has not withdrawn (fix required, manual review: what search stops
 * listing). Unknown ids, other applications' chatbots and others' private or unlisted ones: 404, as the profile
 * answers; a chatbot the caller may open but not export: 403.
 */

export interface ExportedFile {
  body: Buffer;
  contentType: string;
  disposition: string;
}

const EXTENSIONS: Record<CardExportFormat, string> = { png: 'png', json: 'json', charx: 'charx' };

const isWithdrawn = (row: FullCharacterRow) =>
  row.aicq_manual_review_required || row.moderation_status === 'fix_required' || row.moderation_status === 'manual_review_required';

/** The export's character fields: the chatbot's own (document 1 §3) and its creator and creation date. */
function exportCharacter(row: FullCharacterRow): ExportCharacter {
  return {
    name: row.name,
    title: row.title,
    persona: row.persona,
    greeting: row.greeting,
    scenario: row.scenario,
    dialogue: row.dialogue,
    tags: row.tags,
    creator_username: row.creator_username,
    createdAt: row.created_at,
  };
}

/** The stored extras when they are a card's (what an import answered); otherwise those of a chatbot made here. */
function extrasOf(row: FullCharacterRow): CardExtras {
  return CardExtrasSchema.safeParse(row.card_extras).data ?? emptyCardExtras();
}

/**
 * Whether the export carries the blurred avatar: an NSFW avatar, exported by someone other than its creator who must
 * not see it sharp (document 1 §6: guests always, members who blur NSFW pictures).
 */
function blurredFor(row: FullCharacterRow, caller: Caller, isCreator: boolean): boolean {
  if (!row.avatar_is_nsfw || isCreator) return false;
  return caller.kind !== 'member' || caller.user.settings.blurNSFW !== false;
}

export interface ExportDeps {
  db: Queryable;
  /** Where the card's embedded files are (card_extras.files). */
  store: ObjectStore;
  loadAvatar: AvatarLoader;
  now: Date;
  log: FastifyBaseLogger;
}

export async function exportSavedCard(
  deps: ExportDeps,
  caller: Caller,
  characterId: string,
  format: CardExportFormat,
): Promise<ExportedFile> {
  const row = await findFullCharacter(deps.db, characterId);
  const viewer = viewerOf(caller);
  if (!row || row.type !== 'character' || !canView(row, viewer)) throw characterNotFound();
  const isCreator = viewer.userId !== null && row.creator_user_id === viewer.userId;
  if (!isCreator) {
    if (row.visibility !== 'public' || !row.definition_visible) throw definitionHidden();
    if (isWithdrawn(row)) throw characterWithdrawn();
  }

  const character = exportCharacter(row);
  // The chatbot's lorebooks come back as the card's character book (a book a save adopted as a lorebook, modules/lorebooks).
  const extras = await cardExtrasWithLorebooks(deps.db, row.id, extrasOf(row));
  const { files, missing } = extras.files ? await loadCardFiles(deps.store, extras.files) : { files: [], missing: [] };
  if (missing.length > 0) deps.log.warn({ characterId, missing }, 'embedded files of a chatbot are no longer stored; exported without them');
  const options = { now: deps.now, files };
  let body: Uint8Array;
  if (format === 'json') {
    body = Buffer.from(exportCardJson(character, extras, options), 'utf8');
  } else {
    const avatar: CardAvatar | null = row.avatar_url ? await deps.loadAvatar(row.avatar_url, { blurred: blurredFor(row, caller, isCreator) }) : null;
    body =
      format === 'png'
        ? exportCardPng(character, extras, avatar?.mimeType === 'image/png' ? avatar.bytes : undefined, options)
        : await exportCardCharx(character, extras, avatar ?? undefined, options);
  }
  return {
    body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    contentType: CARD_EXPORT_CONTENT_TYPES[format],
    disposition: attachmentDisposition(row.name, EXTENSIONS[format]),
  };
}
