import type { CharacterProfile } from '@fable/contracts';
import { useLocation, useNavigate } from '@fable/shared';
import { ChatHeader } from './ChatHeader';
import type { ChatScreenModel } from './useChatScreen';
import { useChatMenu } from './useChatMenu';
import { translateEntry } from './translation/translateEntry';

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
      translate={screen.translation.action === 'hidden' ? null : translateEntry(screen)}
      menu={menu}
    />
  );
}

