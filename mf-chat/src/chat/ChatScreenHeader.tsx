import type { CharacterProfile } from '@fable/contracts';
import { useLocation, useNavigate } from '@fable/shared';
import { ChatHeader } from './ChatHeader';
import type { ChatScreenModel } from './useChatScreen';
import { useChatMenu } from './useChatMenu';
import { TRANSLATION_TEXTS } from './translation/translationTexts';

/** The chat screen's header: ChatHeader for this bot, with its options menu (useChatMenu). */
export function ChatScreenHeader({ screen, profile }: { screen: ChatScreenModel; profile: CharacterProfile }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { menu, share } = useChatMenu(screen, profile);
  const { member, isGuest } = screen;
  const { open: openModal } = screen.modals;

  return (
    <ChatHeader
      name={profile.name}
      avatarUrl={profile.avatar_url}
      avatarNsfw={profile.avatar_is_nsfw && isGuest}
      creatorUsername={profile.creator_username}
      onBack={() => (location.key !== 'default' ? navigate(-1) : navigate('/chats'))}
      onRate={member && !profile.viewer.is_creator ? () => openModal({ kind: 'rate' }) : null}
      onShare={share}
      onModels={() => openModal({ kind: 'models' })}
      translate={translateButton(screen)}
      menu={menu}
    />
  );
}

/** Translate (document 1 §6): hidden, or the button's label and what it opens. */
function translateButton(screen: ChatScreenModel): { label: string; onClick: () => void } | null {
  const { translation, modals, askSignIn } = screen;
  if (translation.action === 'hidden') return null;
  const onClick = () => {
    if (translation.action === 'sign_up') askSignIn();
    else if (translation.action === 'translate') modals.open({ kind: 'translate' });
    else modals.open({ kind: 'translateUpgrade' });
  };
  return { label: TRANSLATION_TEXTS.button(translation.language), onClick };
}
