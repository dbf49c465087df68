import { lazy, Suspense, useState, type ReactNode } from 'react';
import { selectAuthStatus, selectHiddenByPartner, selectPermissions, useAppSelector } from '@fable/shared';
import type { ChatScreenModel } from '../useChatScreen';
import type { FoundChatAd } from './ChatAdLoader';

// The ads' code and calls are a chunk of their own: members without display_ads never download it.
const ChatAdLoader = lazy(() => import('./chatAdsChunk').then((m) => ({ default: m.ChatAdLoader })));

export interface ChatAdPlacement {
  /** Asks for the ad (draws nothing); null when the conversation gets no ads. */
  loader: ReactNode;
  /** The ad and the message it follows in the list. */
  after: { messageId: string; node: ReactNode } | null;
}

/**
 * Ads in chat (document 1 §6 display_ads): members with display_ads (free members; paid tiers and guests never), in a
 * saved one-to-one conversation past 10 messages, see a house ad after the message the API names. Not where partner
 * mode hides banners.
 */
export function useChatAd(screen: ChatScreenModel): ChatAdPlacement {
  const allowed = useAppSelector(
    (s) => selectAuthStatus(s) === 'authenticated' && selectPermissions(s).includes('display_ads') && !selectHiddenByPartner(s, 'banners'),
  );
  const { chat, characterId } = screen;
  const conversationId = allowed && !screen.groupChat.isGroup ? chat.conversationId : null;
  const [found, setFound] = useState<FoundChatAd | null>(null);
  if (!conversationId) return { loader: null, after: null };

  const loader = (
    <Suspense fallback={null}>
      <ChatAdLoader
        key={conversationId}
        conversationId={conversationId}
        messages={chat.state.messages}
        hasMore={chat.state.hasMore}
        conversation={chat.conversation}
        streaming={chat.streaming}
        onAd={setFound}
      />
    </Suspense>
  );
  const ad = found?.conversationId === conversationId ? found.ad : null;
  const after = ad && found ? { messageId: ad.message_id, node: <found.Card ad={ad} characterId={characterId} conversationId={conversationId} /> } : null;
  return { loader, after };
}
