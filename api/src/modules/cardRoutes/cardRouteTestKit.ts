import { CardImportResultSchema, type CharacterCardImport } from '@fable/contracts';
import type { TestApp } from '../../testing/testApp';
import { call, type Member } from '../moderation/testing/chatbotTestKit';

/** Test kit of the card routes' tests: import, export and create-from-import over HTTP (app.inject), as a member. */

export type ExportFormat = 'png' | 'json' | 'charx';

export function cardRouteCalls(t: () => TestApp, owner: () => Member) {
  /** POST /characters/import with the file's bytes as the body. */
  async function upload(bytes: Uint8Array, contentType: string | undefined, options: { headers?: Record<string, string>; filename?: string } = {}) {
    const query = options.filename === undefined ? '' : `?filename=${encodeURIComponent(options.filename)}`;
    const res = await t().app.inject({
      method: 'POST',
      url: `/api/characters/import${query}`,
      headers: { ...(options.headers ?? owner().headers), ...(contentType ? { 'content-type': contentType } : {}) },
      payload: Buffer.from(bytes),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  /** Imports a file and expects a character. */
  async function imported(bytes: Uint8Array, contentType = 'application/octet-stream', filename?: string): Promise<CharacterCardImport> {
    const res = await upload(bytes, contentType, { filename });
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    const answer = CardImportResultSchema.parse(res.body);
    if (answer.kind !== 'character') throw new Error('not a character');
    return answer;
  }

  /** GET /characters/:id/export in a format. */
  async function exported(id: string, format: ExportFormat, headers: Record<string, string> = owner().headers) {
    const res = await t().app.inject({ method: 'GET', url: `/api/characters/${id}/export?format=${format}`, headers });
    return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers, body: () => res.json() };
  }

  /** The create call's body for an import, as the form sends it. */
  function createBody(card: CharacterCardImport, over: Record<string, unknown> = {}): Record<string, unknown> {
    const { scenario, dialogue, ...fields } = card.character;
    return {
      ...fields,
      ...(scenario === null ? {} : { scenario }),
      ...(dialogue === null ? {} : { dialogue }),
      avatar_url: '/api/avatars/seraphina.svg',
      visibility: 'private',
      guidelines: true,
      card_extras: card.card_extras,
      ...over,
    };
  }

  /** Creates a chatbot from an import, as the form does; answers its id. */
  async function createFrom(card: CharacterCardImport, over: Record<string, unknown> = {}): Promise<string> {
    const res = await call(t(), 'POST', '/characters', owner().headers, createBody(card, over));
    if (res.status !== 200) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  }

  return { upload, imported, exported, createBody, createFrom };
}
