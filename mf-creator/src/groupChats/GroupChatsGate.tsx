import type { ReactNode } from 'react';
import { NotFoundPage, selectFeatureOn, useAppSelector } from '@fable/shared';

/**
 * Whether group chats are on: the deployment's `groupchat` flag (document 1 §2 "groupchats (flag)"). The standalone
 * harness of this remote runs without a deployment, and there nothing is gated (the host always loads one first).
 */
export function useGroupChatsEnabled(): boolean {
  return useAppSelector((state) => selectFeatureOn(state, 'groupchat'));
}

/** A group chat page, or the 404 page where the deployment turns group chats off. */
export function GroupChatsGate({ children }: { children: ReactNode }) {
  return useGroupChatsEnabled() ? children : <NotFoundPage />;
}
