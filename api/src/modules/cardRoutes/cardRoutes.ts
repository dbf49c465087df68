import { CARD_IMPORT_CONTENT_TYPES, CARD_IMPORT_MAX_BYTES, CARD_IMPORTS_AT_ONCE, cardCalls } from '@fable/contracts';
import type { FastifyError } from 'fastify';
import { memberOf } from '../../http/access';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import { AppError } from '../../http/appError';
import type { ObjectStore } from '../../infra/storage/objectStore';
import { CARD_ERROR_MESSAGES, importCard, selectCardFiles } from '../cards';
import { imageStoreOf } from '../images/imageStoreOf';
import { type AvatarLoader, storedAvatarLoader } from './avatarSource';
import { storeCardFiles } from './cardFileStore';
import { exportSavedCard } from './cardExport';
import { importAnswer } from './cardImportAnswer';
import { cardRefused, importsBusy, unsupportedMediaType } from './cardRouteErrors';
import { createImportSlots } from './importSlots';
import { UploadedFile } from './uploadedFile';

/**
 * Character card import and export over HTTP (contracts' cardCalls; the reading and writing is the cards module's).
 * See README.md in this folder.
 */
export interface CardRoutesDeps extends ApiDeps {
  /** The avatars' object store, which also keeps the cards' embedded files; the app passes the one it opened. */
  imageStore?: ObjectStore;
  /** Reads an avatar of ours for the exports; by default from `imageStore` (storedAvatarLoader). */
  loadAvatar?: AvatarLoader;
}

export const cardRoutes: ApiPlugin<CardRoutesDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const store = imageStoreOf(app, deps);
  const loadAvatar = deps.loadAvatar ?? storedAvatarLoader(store);

  // This plugin's routes only (Fastify encapsulates parsers): the card file is the body, as bytes, up to the cap.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...CARD_IMPORT_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: CARD_IMPORT_MAX_BYTES }, (_request, body, done) => {
    done(null, new UploadedFile(body as Buffer));
  });
  // Fastify's own refusals of the body, in words for the creator; everything else goes on to the API's error handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, 'file_too_large', CARD_ERROR_MESSAGES.file_too_large);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw unsupportedMediaType();
    throw error;
  });

  const slots = createImportSlots(CARD_IMPORTS_AT_ONCE);

  const importCall = cardCalls.importCard;
  app.post(
    importCall.path,
    {
      bodyLimit: CARD_IMPORT_MAX_BYTES,
      schema: { querystring: importCall.query, response: { 200: importCall.response } },
      config: { access: importCall.access },
    },
    async (request) => {
      const member = memberOf(request);
      const bytes = request.body instanceof UploadedFile ? request.body.bytes : new Uint8Array(0);
      const release = slots.take(member.userId);
      if (!release) throw importsBusy();
      try {
        const result = await importCard(bytes, request.query.filename);
        if (!result.ok) throw cardRefused(result.error);
        const files = selectCardFiles(result.card.kind === 'character' ? result.card.files : []);
        const answer = importAnswer(result.card, files);
        // Only once the answer stands: a refused card stores nothing.
        await storeCardFiles(store, files.kept);
        return answer;
      } finally {
        release();
      }
    },
  );

  const exportCall = cardCalls.exportCard;
  app.get(
    exportCall.path,
    { schema: { params: exportCall.params, querystring: exportCall.query }, config: { access: exportCall.access } },
    async (request, reply) => {
      const file = await exportSavedCard(
        { db, store, loadAvatar, now: clock.now(), log: request.log },
        request.caller,
        request.params.characterId,
        request.query.format,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', file.disposition)
        // Always the saved state, and maybe a private chatbot: never kept by a cache.
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
