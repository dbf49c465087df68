import { useEffect, useState, type ComponentType } from 'react';
import { ADS_MIN_MESSAGES_DEFAULT, adSlotOf, type ChatAd, type ChatMessage, type Conversation } from '@fable/contracts';
import { useChat_adQuery } from './chatAdsApi';
import { ChatAdCard, type ChatAdCardProps } from './ChatAdCard';
import { conversationLength } from './conversationLength';

export interface FoundChatAd {
  conversationId: string;
  ad: ChatAd | null;
  /** The card, handed over loaded: it shows in the same render as the ad, so the chat follows it to the bottom. */
  Card: ComponentType<ChatAdCardProps>;
}

export interface ChatAdLoaderProps {
  conversationId: string;
  messages: readonly ChatMessage[];
  hasMore: boolean;
  conversation: Conversation | null;
  /** A turn is running: the ad stays where it is until the reply is in (never between a message and its reply). */
  streaming: boolean;
  onAd: (found: FoundChatAd) => void;
}

/** The slot of the conversation's length, held while a turn runs. */
function useSettledSlot(slot: number | null, streaming: boolean): number | null {
  const [settled, setSettled] = useState(slot);
  if (!streaming && settled !== slot) setSettled(slot);
  return streaming ? settled : slot;
}

/**
 * Asks GET /ads/chat for the conversation's ad once it is past the minimum (adSlotOf: more than 10 messages), and again
 * for each later slot; tells the chat which ad to place (null: none). Draws nothing; a failed ask shows no ad.
 */
export function ChatAdLoader({ conversationId, messages, hasMore, conversation, streaming, onAd }: ChatAdLoaderProps) {
  // The API's minimum (ADS_MIN_MESSAGES), learnt from its answers; the default until then. It keys the ask, so a
  // new minimum asks again.
  const [minimum, setMinimum] = useState<number>(ADS_MIN_MESSAGES_DEFAULT);
  const slot = useSettledSlot(adSlotOf(conversationLength(messages, hasMore, conversation), minimum), streaming);
  const { data } = useChat_adQuery({ conversationId, slot: slot ?? 0, minimum }, { skip: slot === null });
  const answered = data?.min_messages;
  if (answered !== undefined && answered !== minimum) setMinimum(answered);
  const ad = slot === null || answered !== minimum ? null : (data?.ad ?? null);
  useEffect(() => {
    onAd({ conversationId, ad, Card: ChatAdCard });
  }, [conversationId, ad, onAd]);
  return null;
}
