import { useState } from 'react';
import { apiErrorMessage, Button, Modal, useNotify } from '@fable/shared';
import { TextAreaField } from '@fable/shared/forms';
import { useCreator_appealMutation } from './reportCasesApi';
import { REPORT_CASE_TEXTS as T } from './reportCaseTexts';

/** The creator's appeal of the decision on their chatbot (once per decision; another admin reviews it). */
export function AppealButton({ characterId }: { characterId: string }) {
  const [open, setOpen] = useState(false);
  const [statement, setStatement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [appeal, { isLoading }] = useCreator_appealMutation();
  const notify = useNotify();
  const send = async () => {
    if (statement.trim().length < 10) {
      setError(T.appealRequired);
      return;
    }
    const result = await appeal({ characterId, body: { statement: statement.trim() } });
    if ('error' in result) {
      setError(apiErrorMessage(result.error));
      return;
    }
    notify.success(T.appealSent);
    setSent(true);
    setOpen(false);
  };
  if (sent) return <p className="moderator-note">{T.appealSent}</p>;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {T.appeal}
      </Button>
      {open ? (
        <Modal
          open
          onClose={() => setOpen(false)}
          title={T.appealTitle}
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={isLoading}>
                {T.cancel}
              </Button>
              <Button onClick={() => void send()} loading={isLoading}>
                {T.appealSend}
              </Button>
            </>
          }
        >
          <p>{T.appealHint}</p>
          <TextAreaField label={T.appealStatement} value={statement} onChange={setStatement} rows={4} limit={2000} error={error ?? undefined} />
        </Modal>
      ) : null}
    </>
  );
}
