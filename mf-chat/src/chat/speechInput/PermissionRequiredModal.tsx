import { Button, Modal } from '@fable/shared';
import { SPEECH_INPUT_TEXTS } from './speechInputTexts';

/** "Permission Required" (document 1 §2, §8): the browser refused the microphone. */
export function PermissionRequiredModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={SPEECH_INPUT_TEXTS.permissionTitle} size="sm" footer={<Button onClick={onClose}>{SPEECH_INPUT_TEXTS.ok}</Button>}>
      <p style={{ margin: 0 }}>{SPEECH_INPUT_TEXTS.permissionText}</p>
    </Modal>
  );
}
