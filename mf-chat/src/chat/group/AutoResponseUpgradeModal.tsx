import { Button, ButtonLink, Modal } from '@fable/shared';
import { SUBSCRIBE_PATH } from '../../subscribePath';
import { GROUP_TEXTS } from './groupTexts';

/** The upgrade prompt for Auto Response (document 1 §2 "upgrade prompts for … auto response", §6: top tier only). */
export function AutoResponseUpgradeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={GROUP_TEXTS.upgradeTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {GROUP_TEXTS.close}
          </Button>
          <ButtonLink to={SUBSCRIBE_PATH}>{GROUP_TEXTS.upgrade}</ButtonLink>
        </>
      }
    >
      <p style={{ margin: 0 }}>{GROUP_TEXTS.upgradeText}</p>
    </Modal>
  );
}
