import { Button, Modal } from '@fable/shared';
import { PROFILE_TEXTS } from './profileTexts';

/** The error modal of document 1 §8: "Error" with Close. */
export function ErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal open={message !== null} onClose={onClose} title={PROFILE_TEXTS.errorTitle} size="sm" footer={<Button onClick={onClose}>{PROFILE_TEXTS.close}</Button>}>
      <p role="alert" style={{ margin: 0 }}>
        {message}
      </p>
    </Modal>
  );
}
