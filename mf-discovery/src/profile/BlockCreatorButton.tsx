import { useState } from 'react';
import type { CharacterProfile } from '@fable/contracts';
import { Button, ConfirmationModal, useNotify } from '@fable/shared';
import { apiErrorOf } from '../apiErrors';
import { BlockIcon } from './icons';
import { useDiscovery_profileBlockCreatorMutation } from './profileApi';
import { PROFILE_TEXTS } from './profileTexts';

/**
 * Block Creator (or Unblock Creator once blocked) with its confirmation, for members looking at someone else's bot
 * (document 1 §6: hidden for guests and for the creator). The page decides whether it is shown.
 */
export function BlockCreatorButton({ profile }: { profile: CharacterProfile }) {
  const notify = useNotify();
  const [setBlocked] = useDiscovery_profileBlockCreatorMutation();
  const [open, setOpen] = useState(false);
  const blocked = profile.viewer.creator_blocked;
  const username = profile.creator_username;

  const confirm = async () => {
    const result = await setBlocked({ creatorUserId: profile.creator_user_id, blocked: !blocked });
    if (result.error) throw new Error(apiErrorOf(result.error)?.message ?? '');
    notify.success(blocked ? PROFILE_TEXTS.unblocked(username) : PROFILE_TEXTS.blocked(username));
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <BlockIcon />
        {blocked ? PROFILE_TEXTS.unblockCreator : PROFILE_TEXTS.blockCreator}
      </Button>
      <ConfirmationModal
        open={open}
        title={blocked ? PROFILE_TEXTS.unblockCreator : PROFILE_TEXTS.blockCreator}
        message={blocked ? PROFILE_TEXTS.unblockMessage(username) : PROFILE_TEXTS.blockMessage(username)}
        confirmLabel={blocked ? PROFILE_TEXTS.unblockConfirm : PROFILE_TEXTS.blockConfirm}
        destructive={!blocked}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
