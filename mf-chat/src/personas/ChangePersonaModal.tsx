import styled from '@emotion/styled';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, ConfirmationModal, Link, Modal, Spinner, useNotify } from '@fable/shared';
import { serverMessageOf } from '../chatApi';
import { PersonaCard } from './PersonaCard';
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
  loadError: 'Unable to get persona.',
  none: 'No persona found.',
  managePersonas: 'Manage Personas',
  retry: 'Retry',
} as const;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-height: min(55vh, 480px);
  overflow-y: auto;
`;

export interface ChangePersonaModalProps {
  conversationId: string;
  open: boolean;
  onClose: () => void;
  /** The conversation's persona, preselected when known. */
  currentPersonaId?: string | null;
}

/** Change Persona (document 1 §2): pick a persona, confirm, PUT /api/conversations/:id/persona. */
export function ChangePersonaModal({ conversationId, open, onClose, currentPersonaId = null }: ChangePersonaModalProps) {
  const groupName = useId();
  const notify = useNotify();
  const personas = useChat_personasQuery(undefined, { skip: !open });
  const [changePersona] = useChat_changePersonaMutation();
  const ordered = useMemo(() => orderPersonas(personas.data ?? []), [personas.data]);
  const [selected, setSelected] = useState<string | null>(currentPersonaId);
  const [confirming, setConfirming] = useState(false);
  const changed = useRef(false);

  useEffect(() => {
    if (open) {
      setSelected(currentPersonaId);
      setConfirming(false);
    }
  }, [open, currentPersonaId]);

  const chosen = ordered.find((p) => p.id === selected);

  const confirm = async () => {
    if (!chosen) return;
    const result = await changePersona({ conversationId, personaId: chosen.id });
    if ('error' in result) throw new Error(serverMessageOf(result.error) ?? CHANGE_PERSONA_TEXTS.failed);
    changed.current = true;
    notify.success(CHANGE_PERSONA_TEXTS.changed);
  };

  let body;
  if (personas.isLoading) body = <Spinner label="Loading" center />;
  else if (personas.isError)
    body = (
      <div role="alert">
        <p>{CHANGE_PERSONA_TEXTS.loadError}</p>
        <Button variant="secondary" onClick={() => void personas.refetch()}>
          {CHANGE_PERSONA_TEXTS.retry}
        </Button>
      </div>
    );
  else if (ordered.length === 0)
    body = (
      <p>
        {CHANGE_PERSONA_TEXTS.none} <Link to={PERSONAS_PATH}>{CHANGE_PERSONA_TEXTS.managePersonas}</Link>
      </p>
    );
  else
    body = (
      <List role="radiogroup" aria-label={CHANGE_PERSONA_TEXTS.title}>
        {ordered.map((persona) => (
          <PersonaCard key={persona.id} persona={persona} name={groupName} checked={persona.id === selected} onSelect={() => setSelected(persona.id)} />
        ))}
      </List>
    );

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
            <Button disabled={!chosen || chosen.id === currentPersonaId} onClick={() => setConfirming(true)}>
              {CHANGE_PERSONA_TEXTS.change}
            </Button>
          </>
        }
      >
        {body}
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
