import { apiErrorMessage, useNotify } from '@fable/shared';
import { TITLE_TEXTS } from './TitleField';
import { TitleModal } from './TitleModal';

export interface UpdateTitleModalProps {
  open: boolean;
  initialTitle: string;
  onClose: () => void;
  /** Saves the (trimmed, valid) title; a rejection's server message shows in the modal. */
  onSave: (title: string) => Promise<unknown>;
}

/**
 * Update title (document 1 §2 modals; §5: max 50, non-blank), opened by "Change Title" on the chat screen and on
 * /chats. Save is disabled while the title is invalid or unchanged; a saved title toasts "Title updated" and closes.
 */
export function UpdateTitleModal({ onSave, ...modal }: UpdateTitleModalProps) {
  const notify = useNotify();
  return (
    <TitleModal
      {...modal}
      heading={TITLE_TEXTS.updateTitle}
      submitLabel={TITLE_TEXTS.save}
      onSubmit={async (title) => {
        await onSave(title);
        notify.success(TITLE_TEXTS.saved);
      }}
      failureText={apiErrorMessage}
      requireChange
    />
  );
}
