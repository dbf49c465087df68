import { Button, Modal, selectBrand, useAppSelector } from '@fable/shared';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';

/**
 * The "Restricted!" modal (document 1 §6 delete_character, §8 "Restricted!" modal with contact-us link): the link goes
 * to the brand's support (the same place as Help), plain words when no deployment is loaded.
 */
export function RestrictedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const support = useAppSelector(selectBrand)?.links.support ?? null;
  const external = support !== null && /^https?:\/\//.test(support);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={T.restrictedTitle}
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {T.close}
        </Button>
      }
    >
      <p>
        {T.restrictedBefore}
        {support ? (
          <a href={support} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {T.contactUs}
          </a>
        ) : (
          T.contactUs
        )}
        {T.restrictedAfter}
      </p>
    </Modal>
  );
}
