import { routes } from '@fable/contracts';
import { Button, ButtonLink, EmptyState, signInRequested, useAppDispatch, useLocation } from '@fable/shared';
import { ChatBubbles } from './ChatBubbles';
import { Actions, Panel } from './chatsLayout';

/** Guests' chats are not saved (document 1 §1); the sign-in prompt is the host's overlay. */
export const GUEST_CHATS_TEXTS = {
  title: 'Your chats are not saved',
  text: 'Unregistered users have limited text and image generation and chats are not saved. Create a free account to keep your conversations.',
  createFreeAccount: 'Create Free Account',
  exploreChatbots: 'Explore Chatbots',
} as const;

export function GuestChatsPrompt() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  return (
    <Panel>
      <EmptyState icon={<ChatBubbles />} title={GUEST_CHATS_TEXTS.title} description={GUEST_CHATS_TEXTS.text}>
        <Actions>
          <Button onClick={() => dispatch(signInRequested({ returnTo: location.pathname }))}>{GUEST_CHATS_TEXTS.createFreeAccount}</Button>
          <ButtonLink to={routes.home()} variant="secondary">
            {GUEST_CHATS_TEXTS.exploreChatbots}
          </ButtonLink>
        </Actions>
      </EmptyState>
    </Panel>
  );
}
