import type { Persona } from '@fable/contracts';
import { useCallback, useState, type ReactNode } from 'react';
import { apiErrorOf, ConfirmationModal, useNotify } from '@fable/shared';
import { useCreator_removePersonaMutation, useCreator_setDefaultPersonaMutation } from './personasApi';
import { PERSONA_TEXTS as T } from './personaTexts';

/** The API's code for a delete of the default persona (document 2 §8). */
const DEFAULT_DELETE_CODE = 'persona_default_delete';

/**
 * Make Default and Delete on My Personas (document 2 §4, §8). Delete asks first (a confirm dialog); the default
 * persona is never deleted: its Delete says why ("You cannot delete the default persona, …") without asking, and so
 * does a refusal of the API (another tab made it the default meanwhile). Failures are the §8 toasts: "Unable to set
 * default persona.", "Unable to delete persona.". `busy` holds the personas with a call on its way. `onDeleted` runs
 * after a delete (the focus goes somewhere sure: the card is gone).
 */
export function usePersonaActions(onDeleted?: () => void): {
  makeDefault: (persona: Persona) => void;
  askDelete: (persona: Persona) => void;
  busy: ReadonlySet<string>;
  dialogs: ReactNode;
} {
  const notify = useNotify();
  const [setDefault] = useCreator_setDefaultPersonaMutation();
  const [remove] = useCreator_removePersonaMutation();
  const [target, setTarget] = useState<Persona | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const mark = (id: string, on: boolean) =>
    setBusy((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const refuseDefaultDelete = useCallback(() => {
    notify.error(T.defaultDelete, { title: T.errors.deleteDefault, duration: 'long' });
  }, [notify]);

  const makeDefault = useCallback(
    async (persona: Persona) => {
      mark(persona.id, true);
      try {
        await setDefault(persona.id).unwrap();
        notify.success(T.defaultSet(persona.name));
      } catch (error) {
        const info = apiErrorOf(error);
        notify.error(info.status === 404 ? T.errors.notFound : T.errors.setDefault);
      } finally {
        mark(persona.id, false);
      }
    },
    [notify, setDefault],
  );

  const askDelete = useCallback(
    (persona: Persona) => {
      if (persona.is_default) refuseDefaultDelete();
      else setTarget(persona);
    },
    [refuseDefaultDelete],
  );

  const confirm = async () => {
    if (!target) return;
    const persona = target;
    mark(persona.id, true);
    try {
      await remove(persona.id).unwrap();
      notify.success(T.deleted);
      onDeleted?.();
    } catch (error) {
      const info = apiErrorOf(error);
      if (info.code === DEFAULT_DELETE_CODE) refuseDefaultDelete();
      else notify.error(info.status === 404 ? T.errors.notFound : T.errors.delete);
    } finally {
      mark(persona.id, false);
    }
  };

  const dialogs = (
    <ConfirmationModal
      open={target !== null}
      title={T.deleteTitle}
      message={target ? T.deleteMessage(target.name) : undefined}
      confirmLabel={T.deleteConfirm}
      cancelLabel={T.cancel}
      destructive
      onConfirm={confirm}
      onClose={() => setTarget(null)}
    />
  );
  return { makeDefault: (p) => void makeDefault(p), askDelete, busy, dialogs };
}
