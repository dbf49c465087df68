import { http, HttpResponse } from 'msw';
import { API_BASE, cardCalls, callPath } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
import { ownCharacterOf } from './authoring';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Card import and export, as far as a mock goes: JSON cards (V1, V2, V3) are read and written; PNG and CHARX are the
 * API's (api/src/modules/cards), and the mock says so (415 / 501) rather than pretend.
 */
export function cardHandlers(db: MockDb) {
  return [
    http.post(`${API_BASE}${cardCalls.importCard.path}`, async ({ request }) => {
      if (!request.headers.get('content-type')?.includes('json')) {
        return apiError(415, 'mock_json_only', 'The mock API reads JSON cards only: run with STANDALONE_API=real for PNG and CHARX.');
      }
      const card = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!card || typeof card !== 'object') return apiError(400, 'invalid_json', 'This file is not a character card.');
      const data = (typeof card.data === 'object' && card.data ? card.data : card) as Record<string, unknown>;
      const { name, description, personality, first_mes, scenario, mes_example, tags, ...rest } = data;
      return HttpResponse.json({
        kind: 'character',
        character: {
          name: str(name).slice(0, 20),
          title: str(personality).slice(0, 100),
          persona: str(description),
          greeting: str(first_mes),
          scenario: str(scenario) || null,
          dialogue: str(mes_example) || null,
          tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string').slice(0, 12) : [],
        },
        card_extras: { card: rest },
        warnings: [],
        cut: str(name).length > 20 ? [{ field: 'name', from: str(name).length, to: 20 }] : [],
        dropped: [],
        avatar: null,
      });
    }),
    contractRoute(cardCalls.exportCard, ({ params, query, userId }) => {
      const character = db.characters.get(params.characterId);
      if (!character || (character.creator_user_id !== userId && (character.visibility !== 'public' || !character.definition_visible))) {
        return apiError(404, 'character_not_found', 'Chatbot not found');
      }
      if (query.format !== 'json') return apiError(501, 'mock_json_only', 'The mock API exports JSON cards only.');
      const own = ownCharacterOf(character, db);
      const card = {
        spec: 'chara_card_v3',
        spec_version: '3.0',
        data: { name: own.name, description: own.persona, personality: own.title, first_mes: own.greeting, scenario: own.scenario ?? '', mes_example: own.dialogue ?? '', tags: own.tags },
      };
      return new HttpResponse(JSON.stringify(card), {
        headers: { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${callPath(':n', { n: own.name.replace(/[^\w -]/g, '') })}.json"` },
      });
    }),
  ];
}
