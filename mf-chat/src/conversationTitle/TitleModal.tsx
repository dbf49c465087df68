import { useId, useState, type ReactNode } from 'react';
import { Button, Modal } from '@fable/shared';
import { conversationTitleError } from '../recentChats/conversationText';
import { TITLE_TEXTS, TitleField } from './TitleField';

export interface TitleModalProps {
  open: boolean;
  /** The dialog's title. */
  heading: string;
  submitLabel: string;
  initialTitle: string;
  onClose: () => void;
  /** Called with the trimmed, valid title; the modal closes when it resolves. */
  onSubmit: (title: string) => Promise<unknown>;
  /** The text shown in the field when `onSubmit` rejects. */
  failureText: (error: unknown) => string;
  /** Submit only a title other than `initialTitle`. */
  requireChange?: boolean;
  /** Shown above the title field. */
  children?: ReactNode;
}

/**
 * A modal that asks for a conversation title (Update title, Clone Conversation): set to `initialTitle` each time it
 * opens, checked by the title rule (document 1 §5: max 50, non-blank), submitted by its button or Enter, the failure
 * shown in the field until the next edit.
 */
export function TitleModal(props: TitleModalProps) {
  // Its state lives only while it is open (a new initial title starts over too).
  return props.open ? <OpenTitleModal key={props.initialTitle} {...props} /> : null;
}

function OpenTitleModal({ open, heading, submitLabel, initialTitle, onClose, onSubmit, failureText, requireChange = false, children }: TitleModalProps) {
  const formId = useId();
  const [value, setValue] = useState(initialTitle);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const invalid = conversationTitleError(value);
  const disabled = invalid !== null || (requireChange && value.trim() === initialTitle.trim());

  const submit = async () => {
    setTouched(true);
    if (disabled || saving) return;
    setSaving(true);
    try {
      await onSubmit(value.trim());
    } catch (error) {
      setFailure(failureText(error));
      return;
    } finally {
      setSaving(false);
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={heading}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {TITLE_TEXTS.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={disabled} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {children}
        <TitleField
          value={value}
          error={(touched ? invalid : null) ?? failure}
          onChange={(next) => {
            setValue(next);
            setTouched(true);
            setFailure(null);
          }}
        />
      </form>
    </Modal>
  );
}
