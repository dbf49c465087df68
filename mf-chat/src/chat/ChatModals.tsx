import type { CharacterProfile, Conversation } from '@fable/contracts';
import { Button, ConfirmationModal, Modal } from '@fable/shared';
import { useCharacters_blockCreatorMutation } from '@fable/shared/characters';
import { UpdateTitleModal } from '../conversationTitle/UpdateTitleModal';
import { useChat_renameConversationMutation } from '../recentChats/conversationsApi';
import type { ChatModals as ChatModalsApi } from './chatModals';
import { useChat_screenFlagMessageMutation } from './chatScreenApi';
import { CHAT_TEXTS } from './chatTexts';
import { CloneConversationModal, type CloneType } from './ConversationModals';
import { ChangePersonaModal, GenerationSettingsModal, MemoryManagerModal, ModelSelectModal, PersonaPicker, WhenOpened } from './lazyModals';
import { RateChatbotModal } from './RateChatbotModal';
import { ReportMessageModal } from './ReportMessageModal';

export interface ChatModalsProps {
  modals: ChatModalsApi;
  characterId: string;
  profile: CharacterProfile;
  /** The saved conversation (null before the first message). */
  conversationId: string | null;
  conversationTitle: string;
  conversationLength: number;
  /** The saved conversation's persona (null: none recorded, the member's default is in use); Change Persona marks it. */
  currentPersonaId: string | null;
  /** Change Persona changed it: the conversation as the server now has it. */
  onPersonaChanged: (conversation: Conversation) => void;
  /** Members rate someone else's bot. */
  canRate: boolean;
  /** A failed turn's text, shown in the error modal too; seen when that modal is closed. */
  failureMessage: string | null;
  onFailureSeen: () => void;
  onCloneSubmit: (type: CloneType, title: string) => Promise<unknown>;
  onTitleSaved: (conversationId: string, label: string) => void;
  onUnblocked: () => void;
  onPersonaChosen: (personaId: string) => void;
  onPersonaDismissed: () => void;
}

/** The chat screen's modals (chatModals.ts), the one open drawn from the page's state. */
export function ChatModals(props: ChatModalsProps) {
  const { modals, characterId, profile, conversationId, conversationTitle } = props;
  const [flagMessage] = useChat_screenFlagMessageMutation();
  const [rename] = useChat_renameConversationMutation();
  const [blockCreator] = useCharacters_blockCreatorMutation();
  const { openOf, wasOpened, close } = modals;

  const errorText = openOf('error')?.message ?? props.failureMessage;
  const closeError = () => {
    close('error');
    if (props.failureMessage !== null) props.onFailureSeen();
  };
  const report = openOf('report');

  return (
    <>
      <Modal
        open={errorText !== null}
        onClose={closeError}
        title={CHAT_TEXTS.errorTitle}
        size="sm"
        footer={<Button onClick={closeError}>{CHAT_TEXTS.close}</Button>}
      >
        <p role="alert" style={{ margin: 0 }}>
          {errorText}
        </p>
      </Modal>
      <ReportMessageModal
        open={report !== null}
        onClose={() => close('report')}
        onReport={(label, comment) =>
          flagMessage({
            message_id: report?.messageId ?? '',
            conversation_id: conversationId ?? '',
            character_id: characterId,
            label,
            ...(comment ? { comment } : {}),
          }).unwrap()
        }
      />
      <CloneConversationModal
        open={openOf('clone') !== null}
        initialType="full"
        initialTitle={conversationTitle}
        onClose={() => close('clone')}
        onSubmit={props.onCloneSubmit}
      />
      <UpdateTitleModal
        open={openOf('title') !== null}
        initialTitle={conversationTitle}
        onClose={() => close('title')}
        onSave={async (label) => {
          if (!conversationId) throw new Error('The conversation is not saved yet.');
          const { result } = await rename({ conversationId, label }).unwrap();
          props.onTitleSaved(conversationId, result.label);
        }}
      />
      <ConfirmationModal
        open={openOf('block') !== null}
        title={CHAT_TEXTS.blockConfirmTitle}
        message={CHAT_TEXTS.blockConfirmMessage(profile.creator_username)}
        confirmLabel={CHAT_TEXTS.block}
        destructive
        onConfirm={() => blockCreator({ creatorUserId: profile.creator_user_id, blocked: true }).unwrap()}
        onClose={() => close('block')}
      />
      <ConfirmationModal
        open={openOf('unblock') !== null}
        title={CHAT_TEXTS.unblockCreator}
        message={CHAT_TEXTS.unblockConfirmMessage(profile.creator_username)}
        confirmLabel={CHAT_TEXTS.unblock}
        onConfirm={async () => {
          await blockCreator({ creatorUserId: profile.creator_user_id, blocked: false }).unwrap();
          props.onUnblocked();
        }}
        onClose={() => close('unblock')}
      />
      {props.canRate && (
        <RateChatbotModal
          open={openOf('rate') !== null}
          onClose={() => close('rate')}
          characterId={characterId}
          current={profile.viewer.rating ?? null}
          conversationLength={props.conversationLength}
        />
      )}
      <WhenOpened opened={wasOpened('models')}>
        <ModelSelectModal open={openOf('models') !== null} onClose={() => close('models')} />
      </WhenOpened>
      <WhenOpened opened={wasOpened('settings')}>
        <GenerationSettingsModal open={openOf('settings') !== null} onClose={() => close('settings')} />
      </WhenOpened>
      {conversationId && (
        <>
          <WhenOpened opened={wasOpened('memories')}>
            <MemoryManagerModal conversationId={conversationId} open={openOf('memories') !== null} onClose={() => close('memories')} />
          </WhenOpened>
          <WhenOpened opened={wasOpened('changePersona')}>
            <ChangePersonaModal
              conversationId={conversationId}
              currentPersonaId={props.currentPersonaId}
              onChanged={props.onPersonaChanged}
              open={openOf('changePersona') !== null}
              onClose={() => close('changePersona')}
            />
          </WhenOpened>
        </>
      )}
      <WhenOpened opened={wasOpened('persona')}>
        <PersonaPicker
          botName={profile.name}
          open={openOf('persona') !== null}
          onChoose={(id) => {
            close('persona');
            props.onPersonaChosen(id);
          }}
          onClose={() => {
            close('persona');
            props.onPersonaDismissed();
          }}
        />
      </WhenOpened>
    </>
  );
}
