import { chatCalls, type Persona } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

/** The member's personas (document 2 §7): list, create, update, remove (not the default), make default. */
export function personaHandlers(db: MockDb) {
  const of = (userId: string | null) => {
    const list = db.personas.get(userId ?? '') ?? [];
    db.personas.set(userId ?? '', list);
    return list;
  };
  const publicOf = ({ user_id: _, ...persona }: Persona & { user_id: string }): Persona => persona;
  const missing = () => apiError(404, 'persona_not_found', 'This persona does not exist.');
  return [
    contractRoute(chatCalls.personas, ({ userId }) => ({ personas: of(userId).map(publicOf) })),
    contractRoute(chatCalls.createPersona, ({ userId, body }) => {
      const list = of(userId);
      const persona = { id: db.nextId('persona'), user_id: userId!, name: body.name, highlights: body.highlights ?? '', avatar_url: body.avatar_url, is_default: list.length === 0 };
      list.push(persona);
      return publicOf(persona);
    }),
    contractRoute(chatCalls.updatePersona, ({ userId, params, body }) => {
      const persona = of(userId).find((p) => p.id === params.personaId);
      if (!persona) return missing();
      Object.assign(persona, body);
      return publicOf(persona);
    }),
    contractRoute(chatCalls.removePersona, ({ userId, params }) => {
      const list = of(userId);
      const index = list.findIndex((p) => p.id === params.personaId);
      if (index < 0) return missing();
      if (list[index]!.is_default) return apiError(409, 'default_persona', 'You cannot delete the default persona, please set another persona as the default or create a new one first.');
      list.splice(index, 1);
      return { ok: true as const };
    }),
    contractRoute(chatCalls.setDefaultPersona, ({ userId, params }) => {
      const list = of(userId);
      const persona = list.find((p) => p.id === params.personaId);
      if (!persona) return missing();
      for (const p of list) p.is_default = p === persona;
      return publicOf(persona);
    }),
  ];
}
