import { useMemo, useRef, useState } from 'react';
import type { Conversation } from '@fable/contracts';
import { apiErrorMessage, Button, ConfirmationModal, Link, Modal, useNotify } from '@fable/shared';
import { PersonaList } from './PersonaList';
import { orderPersonas, useChat_changePersonaMutation, useChat_personasQuery } from './personasApi';
import { PERSONAS_PATH } from './PersonaPicker';

/** Texts of Change Persona; the failure texts are the spec's (document 2 §8), the rest ours. */
export const CHANGE_PERSONA_TEXTS = {
  title: 'Change Persona',
  change: 'Change',
  cancel: 'Cancel',
  confirmTitle: 'Change Persona',
  confirmMessage: (name: string) => `From your next message the bot will know you as ${name}. Continue?`,
  confirm: 'Change Persona',
  changed: 'Persona changed',
  failed: 'Unable to change persona.',
  none: 'No persona found.',
  managePersonas: 'Manage Personas',
} as const;

export interface ChangePersonaModalProps {
  conversationId: string;
  open: boolean;
  onClose: () => void;
  /**
   * The conversation's persona, marked as the one in use (and Change stays off until another is picked). None
   * recorded: the member's default persona, which the chat then speaks as.
   */
  currentPersonaId?: string | null;
  /** The conversation as the change left it (its new persona). */
  onChanged?: (conversation: Conversation) => void;
}

/** Change Persona (document 1 §2): pick a persona, confirm, PUT /api/conversations/:id/persona. */
export function ChangePersonaModal(props: ChangePersonaModalProps) {
  // Its state lives only while it is open: each opening starts on the conversation's persona.
  return props.open ? <OpenChangePersonaModal {...props} /> : null;
}

function OpenChangePersonaModal({ conversationId, open, onClose, currentPersonaId = null, onChanged }: ChangePersonaModalProps) {
  const notify = useNotify();
  const personas = useChat_personasQuery(undefined, { skip: !open });
  const [changePersona] = useChat_changePersonaMutation();
  const ordered = useMemo(() => orderPersonas(personas.data ?? []), [personas.data]);
  const inUse = currentPersonaId ?? ordered.find((p) => p.is_default)?.id ?? null;
  /** The persona the user picked here (null: none yet, the one in use is marked). */
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked ?? inUse;
  const [confirming, setConfirming] = useState(false);
  const changed = useRef(false);

  const chosen = ordered.find((p) => p.id === selected);

  const confirm = async () => {
    if (!chosen) return;
    const result = await changePersona({ conversationId, personaId: chosen.id });
    if ('error' in result) throw new Error(apiErrorMessage(result.error, CHANGE_PERSONA_TEXTS.failed));
    changed.current = true;
    onChanged?.(result.data);
    notify.success(CHANGE_PERSONA_TEXTS.changed);
  };

  return (
    <>
      <Modal
        open={open && !confirming}
        onClose={onClose}
        title={CHANGE_PERSONA_TEXTS.title}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {CHANGE_PERSONA_TEXTS.cancel}
            </Button>
            <Button disabled={!chosen || chosen.id === inUse} onClick={() => setConfirming(true)}>
              {CHANGE_PERSONA_TEXTS.change}
            </Button>
          </>
        }
      >
        <PersonaList
          query={personas}
          personas={ordered}
          label={CHANGE_PERSONA_TEXTS.title}
          selected={selected}
          onSelect={setPicked}
          empty={
            <p>
              {CHANGE_PERSONA_TEXTS.none} <Link to={PERSONAS_PATH}>{CHANGE_PERSONA_TEXTS.managePersonas}</Link>
            </p>
          }
        />
      </Modal>
      <ConfirmationModal
        open={open && confirming}
        title={CHANGE_PERSONA_TEXTS.confirmTitle}
        message={chosen ? CHANGE_PERSONA_TEXTS.confirmMessage(chosen.name) : undefined}
        confirmLabel={CHANGE_PERSONA_TEXTS.confirm}
        errorFallback={CHANGE_PERSONA_TEXTS.failed}
        onConfirm={confirm}
        onClose={() => {
          // After a successful change the whole flow closes; Cancel goes back to the list.
          setConfirming(false);
          if (changed.current) {
            changed.current = false;
            onClose();
          }
        }}
      />
    </>
  );
}

export default ChangePersonaModal;
