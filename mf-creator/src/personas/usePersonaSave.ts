import { useRef, useState } from 'react';
import { CONTENT_MODERATION_CODES, ERROR_CODES, type Persona, type PersonaInput } from '@fable/contracts';
import { apiErrorOf, selectUser, useAppSelector, useNavigate, useNotify } from '@fable/shared';
import { limitFromDetails, personaLimitOf, type PersonaLimit } from './personaList';
import { useCreator_createPersonaMutation, useCreator_updatePersonaMutation } from './personasApi';
import { PERSONA_TEXTS as T } from './personaTexts';
import { personaChanges } from './personaValues';

export const PERSONAS_PATH = '/personas';

const MODERATION_CODES = new Set<string>([...CONTENT_MODERATION_CODES.underage, ...CONTENT_MODERATION_CODES.explicit].map(String));
const TEXT_FIELDS = new Set(['name', 'highlights']);

/**
 * Saving the persona form (document 2 §5, §7, §8): create, or an edit's changed fields. Then the toast and My
 * Personas (or wherever the member was leaving for, when the Unsaved Changes dialog's Update saved). The API's
 * refusals go where they belong: 409 persona_limit opens Limit Reached; 4207 and 4208 (document 1 §8) go under the
 * field they were found in; "No persona found." for a persona gone meanwhile; anything else is "Unable to create
 * persona." / "Unable to update persona." with the server's text when it has one.
 */
export function usePersonaSave(saved: Persona | null, setError: (field: 'name' | 'highlights', error: { message: string }) => void) {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const notify = useNotify();
  const [create, creating] = useCreator_createPersonaMutation();
  const [update, updating] = useCreator_updatePersonaMutation();
  const [limit, setLimit] = useState<PersonaLimit | null>(null);

  const save = async (values: PersonaInput): Promise<boolean> => {
    const answer = saved ? await update({ personaId: saved.id, changes: personaChanges(saved, values) }) : await create(values);
    if (!('error' in answer)) {
      notify.success(saved ? T.saved : T.created);
      return true;
    }
    const error = apiErrorOf(answer.error);
    const failed = saved ? T.errors.update : T.errors.create;
    if (error.code === ERROR_CODES.PERSONA_LIMIT) {
      const tier = user?.tier ?? 'free';
      setLimit(limitFromDetails(error.details, { n: personaLimitOf(tier), tier }));
    } else if (error.code !== null && MODERATION_CODES.has(error.code)) {
      const field = (error.details as { field?: unknown } | undefined)?.field;
      const message = error.message ?? failed;
      if (typeof field === 'string' && TEXT_FIELDS.has(field)) setError(field as 'name' | 'highlights', { message });
      else notify.error(message, { duration: 'long' });
    } else if (error.code === ERROR_CODES.PERSONA_NOT_FOUND) {
      notify.error(T.errors.notFound);
    } else if (error.message && error.status !== null && error.status < 500) {
      notify.error(error.message, { title: failed });
    } else {
      notify.error(failed);
    }
    return false;
  };

  return {
    save,
    saving: creating.isLoading || updating.isLoading,
    /** The Limit Reached modal's numbers after a 409; null when closed. */
    limit,
    closeLimit: () => setLimit(null),
    /** After a save (not through the dialog): back to My Personas. */
    backToList: () => void navigate(PERSONAS_PATH),
  };
}

/**
 * The Unsaved Changes dialog's Update (document 2 §8 "You have unsaved changes"): it submits the form and remembers
 * that the member was leaving, so the save (or its failure) can finish the leaving (or cancel it).
 */
export function useLeaveAfterSave() {
  const leaving = useRef(false);
  return {
    start: () => {
      leaving.current = true;
    },
    /** Whether this submit came from the dialog's Update (read once). */
    take: () => {
      const was = leaving.current;
      leaving.current = false;
      return was;
    },
  };
}
