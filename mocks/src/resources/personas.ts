import { HttpResponse } from 'msw';
import { ERROR_CATALOGUE, ERROR_CODES, PERSONA_COUNT_LIMIT, chatCalls, formatMessage, type Persona } from '@fable/contracts';
import { contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

/** A catalogue error as the API answers it (with details where the API gives them). */
function catalogueError(code: keyof typeof ERROR_CATALOGUE, values: Record<string, string | number> = {}, details?: unknown): Response {
  const entry = ERROR_CATALOGUE[code];
  const error = { code: String(code), message: formatMessage(entry.message, values), ...(details === undefined ? {} : { details }) };
  return HttpResponse.json({ error }, { status: entry.status });
}

/**
 * The member's personas (document 2 §7) with the API's rules (api/src/modules/personas/README.md): list (default
 * first, then oldest), create within the tier's count (409 persona_limit with { n, tier }), update (409 persona_limit
 * while over the count), remove (never the default: 409 persona_default_delete), make default; the first persona is
 * the default, `is_default: true` moves the default and false is ignored; another member's persona is 404 "No persona
 * found.". The content checks (4207, 4208) are the API's alone: a test that needs them overrides the call.
 */
export function personaHandlers(db: MockDb) {
  const of = (userId: string | null) => {
    const list = db.personas.get(userId ?? '') ?? [];
    db.personas.set(userId ?? '', list);
    return list;
  };
  const tierOf = (userId: string | null) => db.users.get(userId ?? '')?.tier ?? 'free';
  const publicOf = ({ user_id: _, ...persona }: Persona & { user_id: string }): Persona => persona;
  const ordered = (list: (Persona & { user_id: string })[]) => [...list.filter((p) => p.is_default), ...list.filter((p) => !p.is_default)];
  const makeDefault = (list: (Persona & { user_id: string })[], persona: Persona) => {
    for (const p of list) p.is_default = p === persona;
  };
  /** The tier's count and name when `count` personas leave no room for another. */
  const full = (userId: string | null, count: number) => {
    const tier = tierOf(userId);
    const n = PERSONA_COUNT_LIMIT[tier];
    return count >= n ? { n, tier } : null;
  };
  const limitError = ({ n, tier }: { n: number; tier: string }) => catalogueError(ERROR_CODES.PERSONA_LIMIT, { n, tier }, { n, tier });
  const missing = () => catalogueError(ERROR_CODES.PERSONA_NOT_FOUND);
  return [
    contractRoute(chatCalls.personas, ({ userId }) => ({ personas: ordered(of(userId)).map(publicOf) })),
    contractRoute(chatCalls.createPersona, ({ userId, body }) => {
      const list = of(userId);
      const limit = full(userId, list.length);
      if (limit) return limitError(limit);
      const persona = { id: db.nextId('persona'), user_id: userId!, name: body.name, highlights: body.highlights, avatar_url: body.avatar_url, is_default: false };
      list.push(persona);
      if (body.is_default || list.length === 1) makeDefault(list, persona);
      return publicOf(persona);
    }),
    contractRoute(chatCalls.updatePersona, ({ userId, params, body }) => {
      const list = of(userId);
      const persona = list.find((p) => p.id === params.personaId);
      if (!persona) return missing();
      const tier = tierOf(userId);
      if (list.length > PERSONA_COUNT_LIMIT[tier]) return limitError({ n: PERSONA_COUNT_LIMIT[tier], tier });
      const { is_default: asDefault, ...fields } = body;
      Object.assign(persona, fields);
      if (asDefault) makeDefault(list, persona);
      return publicOf(persona);
    }),
    contractRoute(chatCalls.removePersona, ({ userId, params }) => {
      const list = of(userId);
      const index = list.findIndex((p) => p.id === params.personaId);
      if (index < 0) return missing();
      if (list[index]!.is_default) return catalogueError(ERROR_CODES.PERSONA_DEFAULT_DELETE);
      list.splice(index, 1);
      return { ok: true as const };
    }),
    contractRoute(chatCalls.setDefaultPersona, ({ userId, params }) => {
      const list = of(userId);
      const persona = list.find((p) => p.id === params.personaId);
      if (!persona) return missing();
      makeDefault(list, persona);
      return publicOf(persona);
    }),
  ];
}
