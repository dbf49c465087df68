import type { MyCharacter } from '@fable/contracts';
import { useState, type ReactNode } from 'react';
import { apiErrorOf, ConfirmationModal, useNotify, usePermission } from '@fable/shared';
import { useCreator_deleteChatbotMutation } from '../creatorApi';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';
import { RestrictedModal } from './RestrictedModal';

/** What the delete flow says (a group chat's delete is this one with its own words). */
export interface DeleteTexts {
  title: string;
  message: (name: string) => string;
  deleted: string;
  deleteFailed: string;
}

const CHATBOT_TEXTS: DeleteTexts = { title: T.deleteTitle, message: T.deleteMessage, deleted: T.deleted, deleteFailed: T.deleteFailed };

/** What is deleted: a chatbot or a group chat (both are characters, DELETE /characters/:id). */
type Deletable = Pick<MyCharacter, 'id' | 'name'>;

/**
 * The delete flow of My Chatbots (document 1 §4 "Delete flow: confirm, delete, toast, list refresh"): without
 * delete_character, or when the API answers `restricted`, the "Restricted!" modal instead (§6). The list refreshes
 * itself (the delete invalidates 'Character'); until it has, `deleted` holds what went, for the page to leave out at
 * once. `onDeleted` runs after a successful delete (focus goes somewhere sure: the card is gone).
 */
export function useDeleteChatbot(
  onDeleted?: () => void,
  texts: DeleteTexts = CHATBOT_TEXTS,
): {
  askDelete: (character: Deletable) => void;
  deleted: ReadonlySet<string>;
  dialogs: ReactNode;
} {
  const mayDelete = usePermission('delete_character');
  const notify = useNotify();
  const [deleteChatbot] = useCreator_deleteChatbotMutation();
  const [target, setTarget] = useState<Deletable | null>(null);
  const [restricted, setRestricted] = useState(false);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());

  const askDelete = (character: Deletable) => {
    if (mayDelete) setTarget(character);
    else setRestricted(true);
  };

  const confirm = async () => {
    if (!target) return;
    try {
      await deleteChatbot(target.id).unwrap();
      setDeleted((previous) => new Set(previous).add(target.id));
      notify.success(texts.deleted);
      onDeleted?.();
    } catch (error) {
      if (apiErrorOf(error).code === 'restricted') setRestricted(true);
      else notify.error(texts.deleteFailed);
    }
  };

  const dialogs = (
    <>
      <ConfirmationModal
        open={target !== null}
        title={texts.title}
        message={target ? texts.message(target.name) : undefined}
        confirmLabel={T.deleteConfirm}
        destructive
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
      <RestrictedModal open={restricted} onClose={() => setRestricted(false)} />
    </>
  );
  return { askDelete, deleted, dialogs };
}
