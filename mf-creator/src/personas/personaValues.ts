import type { Persona, PersonaInput } from '@fable/contracts';

/** What the persona form holds (PersonaInputSchema's input). */
export interface PersonaValues {
  avatar_url: string;
  name: string;
  highlights: string;
  is_default: boolean;
}

export const emptyPersona = (firstPersona: boolean): PersonaValues => ({ avatar_url: '', name: '', highlights: '', is_default: firstPersona });

export const valuesOfPersona = (persona: Persona): PersonaValues => ({
  avatar_url: persona.avatar_url ?? '',
  name: persona.name,
  highlights: persona.highlights,
  is_default: persona.is_default,
});

/**
 * What an edit sends (only what changed, as the chatbot editor does): the fields that differ from the saved persona,
 * and `is_default: true` when it becomes the default (false is never sent: a default is changed by making another
 * persona the default).
 */
export function personaChanges(saved: Persona, next: PersonaInput): Partial<PersonaInput> {
  const changes: Partial<PersonaInput> = {};
  if (next.name !== saved.name) changes.name = next.name;
  if (next.highlights !== saved.highlights) changes.highlights = next.highlights;
  if (next.avatar_url !== (saved.avatar_url ?? '')) changes.avatar_url = next.avatar_url;
  if (next.is_default && !saved.is_default) changes.is_default = true;
  return changes;
}
