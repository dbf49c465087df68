import { useState } from 'react';
import type { CharacterProfile } from '@fable/contracts';
import { apiErrorMessage, Button, ConfirmationModal, useNotify } from '@fable/shared';
import { useCharacters_blockCreatorMutation } from '@fable/shared/characters';
import { BlockIcon } from './icons';
import { PROFILE_TEXTS } from './profileTexts';

/**
 * Block Creator (or Unblock Creator once blocked) with its confirmation, for members looking at someone else's bot
 * (document 1 §6: hidden for guests and for the creator). The page decides whether it is shown.
 */
export function BlockCreatorButton({ profile }: { profile: CharacterProfile }) {
  const notify = useNotify();
  const [setBlocked] = useCharacters_blockCreatorMutation();
  const [open, setOpen] = useState(false);
  const blocked = profile.viewer.creator_blocked;
  const username = profile.creator_username;

  const confirm = async () => {
    const result = await setBlocked({ creatorUserId: profile.creator_user_id, blocked: !blocked });
    if (result.error) throw new Error(apiErrorMessage(result.error, ''));
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
