import { callPath, chatCalls, type Persona, type PersonaInput } from '@fable/contracts';
import { api } from '@fable/shared';

const C = chatCalls;

/**
 * The persona calls (document 2 §7: create, update, delete, set default; the list), on @fable/contracts' chatCalls.
 * Every change invalidates 'Persona', so this page and the chat's persona picker see it at once.
 */
export const personasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The member's personas, the default first, then oldest first (the API's order). */
    creator_personas: build.query<Persona[], void>({
      query: () => ({ url: C.personas.path, method: C.personas.method }),
      transformResponse: (response: { personas: Persona[] }) => response.personas,
      providesTags: ['Persona'],
    }),
    creator_createPersona: build.mutation<Persona, PersonaInput>({
      query: (body) => ({ url: C.createPersona.path, method: C.createPersona.method, body }),
      invalidatesTags: ['Persona'],
    }),
    /** Only the changed fields; `is_default: true` makes it the default. */
    creator_updatePersona: build.mutation<Persona, { personaId: string; changes: Partial<PersonaInput> }>({
      query: ({ personaId, changes }) => ({ url: callPath(C.updatePersona.path, { personaId }), method: C.updatePersona.method, body: changes }),
      invalidatesTags: ['Persona'],
    }),
    creator_removePersona: build.mutation<{ ok: true }, string>({
      query: (personaId) => ({ url: callPath(C.removePersona.path, { personaId }), method: C.removePersona.method }),
      invalidatesTags: ['Persona'],
    }),
    creator_setDefaultPersona: build.mutation<Persona, string>({
      query: (personaId) => ({ url: callPath(C.setDefaultPersona.path, { personaId }), method: C.setDefaultPersona.method }),
      invalidatesTags: ['Persona'],
    }),
  }),
});

export const {
  useCreator_personasQuery,
  useCreator_createPersonaMutation,
  useCreator_updatePersonaMutation,
  useCreator_removePersonaMutation,
  useCreator_setDefaultPersonaMutation,
} = personasApi;
