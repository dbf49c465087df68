import { api } from '@fable/shared';
import { callPath, type Conversation, type Persona } from '@fable/contracts';
import { CHAT_CALLS } from '../chatApi';

/** Personas (document 2 §7) as the chat reads them, and the conversation's persona change (document 1 §2). */
export const personasApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_personas: build.query<Persona[], void>({
      query: () => ({ url: CHAT_CALLS.personas.path, method: CHAT_CALLS.personas.method }),
      transformResponse: (raw: { personas?: Persona[] } | undefined) => raw?.personas ?? [],
      providesTags: ['Persona'],
    }),
    chat_changePersona: build.mutation<Conversation, { conversationId: string; personaId: string }>({
      query: ({ conversationId, personaId }) => ({
        url: callPath(CHAT_CALLS.changePersona.path, { conversationId }),
        method: CHAT_CALLS.changePersona.method,
        body: { user_persona_id: personaId },
      }),
      invalidatesTags: (result) => (result ? ['Conversation'] : []),
    }),
  }),
});

export const { useChat_personasQuery, useChat_changePersonaMutation } = personasApi;

/** Default persona first, the rest in the API's order (document 1 §2 persona picker). */
export function orderPersonas(personas: readonly Persona[]): Persona[] {
  return [...personas.filter((p) => p.is_default), ...personas.filter((p) => !p.is_default)];
}

/** Personas whose name or highlights hold the search text (case-insensitive). */
export function searchPersonas(personas: readonly Persona[], q: string): Persona[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [...personas];
  return personas.filter((p) => p.name.toLowerCase().includes(needle) || p.highlights.toLowerCase().includes(needle));
}
