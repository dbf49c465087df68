import styled from '@emotion/styled';
import { useEffect, useId, useState } from 'react';
import { CHAT_LIMITS } from '@fable/contracts';
import { Button, Modal } from '@fable/shared';
import { conversationTitleError } from '../recentChats/conversationText';
import { CHAT_TEXTS } from './chatTexts';

const Field = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
  input[type='text'] {
    font: inherit;
    padding: 8px 10px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  [role='alert'] {
    color: ${({ theme }) => theme.colors.error};
  }
`;

function TitleField({ value, onChange, touched }: { value: string; onChange: (v: string) => void; touched: boolean }) {
  const id = useId();
  const error = touched ? conversationTitleError(value) : null;
  return (
    <Field>
      <label htmlFor={id}>{CHAT_TEXTS.titleLabel}</label>
      <input id={id} type="text" value={value} aria-invalid={error ? true : undefined} onChange={(event) => onChange(event.target.value)} />
      <small>
        {value.trim().length} / {CHAT_LIMITS.conversationTitleMax}
      </small>
      {error && <span role="alert">{error}</span>}
    </Field>
  );
}

export interface ChangeTitleModalProps {
  open: boolean;
  initialTitle: string;
  onClose: () => void;
  onSave: (title: string) => Promise<unknown>;
}

/** Update title (document 1 §2 "Change Title"): 50 characters, not blank. */
export function ChangeTitleModal({ open, initialTitle, onClose, onSave }: ChangeTitleModalProps) {
  const [title, setTitle] = useState(initialTitle);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setTitle(initialTitle);
      setTouched(false);
      setFailed(null);
    }
  }, [open, initialTitle]);
  const save = async () => {
    setTouched(true);
    if (conversationTitleError(title)) return;
    setSaving(true);
    try {
      await onSave(title.trim());
      onClose();
    } catch {
      setFailed(CHAT_TEXTS.generic);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={CHAT_TEXTS.updateTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CHAT_TEXTS.cancel}
          </Button>
          <Button loading={saving} disabled={conversationTitleError(title) !== null} onClick={() => void save()}>
            {CHAT_TEXTS.save}
          </Button>
        </>
      }
    >
      <TitleField value={title} onChange={(v) => (setTitle(v), setTouched(true))} touched={touched} />
      {failed && <p role="alert">{failed}</p>}
    </Modal>
  );
}

export type CloneType = 'partial' | 'full';

export interface CloneConversationModalProps {
  open: boolean;
  /** Partial when the user picked the last message in partial-clone mode. */
  initialType: CloneType;
  initialTitle: string;
  onClose: () => void;
  /** Full: clones now. Partial without a picked message: the page enters partial-clone mode. */
  onSubmit: (type: CloneType, title: string) => Promise<unknown>;
}

/** Clone Conversation (document 1 §4 "Clone"): partial or full, title required (max 50). */
export function CloneConversationModal({ open, initialType, initialTitle, onClose, onSubmit }: CloneConversationModalProps) {
  const [type, setType] = useState<CloneType>(initialType);
  const [title, setTitle] = useState(initialTitle);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const group = useId();
  useEffect(() => {
    if (open) {
      setType(initialType);
      setTitle(initialTitle);
      setTouched(false);
      setFailed(null);
    }
  }, [open, initialType, initialTitle]);
  const submit = async () => {
    setTouched(true);
    if (conversationTitleError(title)) return;
    setSaving(true);
    try {
      await onSubmit(type, title.trim());
    } catch {
      setFailed(CHAT_TEXTS.generic);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={CHAT_TEXTS.cloneTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CHAT_TEXTS.cancel}
          </Button>
          <Button loading={saving} disabled={conversationTitleError(title) !== null} onClick={() => void submit()}>
            {CHAT_TEXTS.clone}
          </Button>
        </>
      }
    >
      <div role="radiogroup" aria-label={CHAT_TEXTS.cloneTitle} style={{ display: 'flex', gap: 16, marginBottom: 12 }}>
        {(['partial', 'full'] as const).map((value) => (
          <label key={value} style={{ display: 'inline-flex', gap: 6, alignItems: 'center', cursor: 'pointer' }}>
            <input type="radio" name={group} value={value} checked={type === value} onChange={() => setType(value)} />
            {value === 'partial' ? CHAT_TEXTS.clonePartial : CHAT_TEXTS.cloneFull}
          </label>
        ))}
      </div>
      <TitleField value={title} onChange={(v) => (setTitle(v), setTouched(true))} touched={touched} />
      {failed && <p role="alert">{failed}</p>}
    </Modal>
  );
}
