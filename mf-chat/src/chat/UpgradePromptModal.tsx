import type { ReactNode } from 'react';
import { Button, ButtonLink, Modal } from '@fable/shared';
import { SUBSCRIBE_PATH } from '../subscribePath';

/**
 * An upgrade prompt of the chat screen (document 1 §2 "upgrade prompts for images, voice and auto response"): what
 * the feature gives, Close, and Upgrade to the subscribe page.
 */
export function UpgradePromptModal(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  closeLabel: string;
  upgradeLabel: string;
  /** What follows the text (translation's languages and benefits). */
  children?: ReactNode;
}) {
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            {props.closeLabel}
          </Button>
          <ButtonLink to={SUBSCRIBE_PATH}>{props.upgradeLabel}</ButtonLink>
        </>
      }
    >
      <p style={{ margin: 0 }}>{props.text}</p>
      {props.children}
    </Modal>
  );
}
