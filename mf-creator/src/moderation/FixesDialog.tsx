import styled from '@emotion/styled';
import { useState } from 'react';
import type { ModerationDecisionBody } from '@fable/contracts';
import { Button, Modal } from '@fable/shared';
import { TextAreaField } from '@fable/shared/forms';
import { MODERATION_TEXTS as T } from './moderationTexts';

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

/** Require fixes: the reasons the creator sees (one per line, at least one) and an optional note. */
export function FixesDialog({ name, onSend, onClose }: { name: string; onSend: (body: ModerationDecisionBody) => Promise<void>; onClose: () => void }) {
  const [reasons, setReasons] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    const list = reasons
      .split('\n')
      .map((r) => r.trim())
      .filter(Boolean);
    if (list.length === 0) {
      setError(T.reasonRequired);
      return;
    }
    setSending(true);
    try {
      await onSend({ decision: 'require_fixes', reason_for_moderation: list, ...(note.trim() ? { action_taken_description: note.trim() } : {}) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`${T.fixesTitle}: ${name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {T.cancel}
          </Button>
          <Button onClick={send} loading={sending}>
            {T.send}
          </Button>
        </>
      }
    >
      <Fields>
        <TextAreaField
          label={T.reasons}
          value={reasons}
          onChange={(v) => {
            setReasons(v);
            setError(null);
          }}
          error={error}
          rows={4}
        />
        <TextAreaField label={T.note} value={note} onChange={setNote} rows={3} limit={2000} />
      </Fields>
    </Modal>
  );
}
