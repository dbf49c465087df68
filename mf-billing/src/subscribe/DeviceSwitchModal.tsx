import { Button, Modal } from '@fable/shared';
import { SUBSCRIBE_TEXTS as T } from './subscribeTexts';

/**
 * The 'switch device' modal (document 2 §2, §6): a member who subscribed in the mobile app (in-app purchase) cannot
 * manage the subscription here; the app does.
 */
export function DeviceSwitchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={T.deviceSwitchTitle}
      size="sm"
      aria-describedby="device-switch-text"
      footer={<Button onClick={onClose}>{T.deviceSwitchClose}</Button>}
    >
      <p id="device-switch-text">{T.deviceSwitch}</p>
    </Modal>
  );
}
