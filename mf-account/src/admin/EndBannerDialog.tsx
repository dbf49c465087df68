import type { RefObject } from 'react';
import type { AdminBanner } from '@fable/contracts';
import { apiErrorMessage, ConfirmationModal, useNotify } from '@fable/shared';
import { useAccount_endBannerMutation } from './adminBannersApi';
import { ADMIN_BANNERS_TEXTS as T } from './adminBannersTexts';

/** Ending a banner asks first; a refusal (already ended, gone) shows in the dialog, which stays open. */
export interface EndBannerDialogProps {
  banner: AdminBanner;
  onClose: () => void;
  /** Where focus goes once it is ended (the End button it came from is gone). */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}

export function EndBannerDialog({ banner, onClose, fallbackFocusRef }: EndBannerDialogProps) {
  const notify = useNotify();
  const [end] = useAccount_endBannerMutation();
  const confirm = async () => {
    const answer = await end(banner.id);
    if ('error' in answer) throw new Error(apiErrorMessage(answer.error));
    notify.success(T.ended);
  };
  return (
    <ConfirmationModal
      open
      title={T.endTitle}
      message={T.endMessage(banner.banner.name)}
      confirmLabel={T.end}
      cancelLabel={T.cancel}
      destructive
      onConfirm={confirm}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
    />
  );
}
