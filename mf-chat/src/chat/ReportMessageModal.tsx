import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { Button, Modal } from '@fable/shared';
import { CHAT_TEXTS } from './chatTexts';

const Field = styled.label`
  display: grid;
  gap: 6px;
  font-weight: 600;
  select,
  textarea {
    font: inherit;
    font-weight: 400;
    padding: 8px 10px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

type Step = 'select' | 'comment' | 'done' | 'error';

export interface ReportMessageModalProps {
  open: boolean;
  onClose: () => void;
  /** Sends the report (reason label and comment); rejects when it failed. */
  onReport: (label: string, comment: string) => Promise<unknown>;
}

/** Report message (document 1 §2, §4 "Message flag report"): select option, add comment (Skip when empty), done, error. */
export function ReportMessageModal(props: ReportMessageModalProps) {
  // Its state lives only while it is open: each report starts over at the reason.
  return props.open ? <OpenReportMessageModal {...props} /> : null;
}

function OpenReportMessageModal({ open, onClose, onReport }: ReportMessageModalProps) {
  const [step, setStep] = useState<Step>('select');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const selectId = useId();

  const send = async () => {
    setSending(true);
    try {
      await onReport(reason, comment.trim());
      setStep('done');
    } catch {
      setStep('error');
    } finally {
      setSending(false);
    }
  };

  const footer =
    step === 'select' ? (
      <>
        <Button variant="secondary" onClick={onClose}>
          {CHAT_TEXTS.cancel}
        </Button>
        <Button disabled={!reason} onClick={() => setStep('comment')}>
          {CHAT_TEXTS.next}
        </Button>
      </>
    ) : step === 'comment' ? (
      <Button loading={sending} onClick={() => void send()}>
        {comment.trim() ? CHAT_TEXTS.submit : CHAT_TEXTS.skip}
      </Button>
    ) : (
      <Button onClick={onClose}>{step === 'done' ? CHAT_TEXTS.done : CHAT_TEXTS.close}</Button>
    );

  return (
    <Modal open={open} onClose={onClose} title={CHAT_TEXTS.reportTitle} size="sm" footer={footer}>
      {step === 'select' && (
        <Field htmlFor={selectId}>
          {CHAT_TEXTS.reportReasonLabel}
          <select id={selectId} value={reason} onChange={(event) => setReason(event.target.value)}>
            <option value="" disabled>
              —
            </option>
            {CHAT_TEXTS.reportReasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
      )}
      {step === 'comment' && (
        <Field>
          {CHAT_TEXTS.reportCommentLabel}
          <textarea rows={4} maxLength={1000} value={comment} onChange={(event) => setComment(event.target.value)} />
        </Field>
      )}
      {step === 'done' && <p role="status">{CHAT_TEXTS.reportDone}</p>}
      {step === 'error' && <p role="alert">{CHAT_TEXTS.reportError}</p>}
    </Modal>
  );
}
