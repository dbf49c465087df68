import styled from '@emotion/styled';
import { useState } from 'react';
import { Button, Modal } from '@fable/shared';
import { TextAreaField } from '@fable/shared/forms';
import { REPORT_CASE_TEXTS as T } from './reportCaseTexts';

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  .error {
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
  }
`;

/**
 * Asks for the statement of reasons (one per line, required when `reasonsRequired`) and a note, then sends them; an
 * answer's error shows under the fields and the dialog stays open.
 */
export function DecisionDialog({
  title,
  reasonsLabel = T.reasons,
  reasonsRequired,
  withNote = true,
  onSend,
  onClose,
}: {
  title: string;
  reasonsLabel?: string;
  reasonsRequired: boolean;
  withNote?: boolean;
  onSend: (reasons: string[], note: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [reasons, setReasons] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    const list = reasons
      .split('\n')
      .map((r) => r.trim())
      .filter(Boolean);
    if (reasonsRequired && list.length === 0) {
      setError(T.reasonRequired);
      return;
    }
    setSending(true);
    const failed = await onSend(list, note.trim());
    setSending(false);
    if (failed) setError(failed);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {T.cancel}
          </Button>
          <Button onClick={() => void send()} loading={sending}>
            {T.confirm}
          </Button>
        </>
      }
    >
      <Fields>
        <TextAreaField label={reasonsLabel} value={reasons} onChange={setReasons} rows={4} error={error ?? undefined} />
        {withNote ? <TextAreaField label={T.note} value={note} onChange={setNote} rows={2} limit={2000} /> : null}
      </Fields>
    </Modal>
  );
}
