import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { CHAT_TEXTS } from './chatTexts';

const Note = styled.p`
  margin: 6px 0 0;
  font-size: 0.78rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A notice across the chat screen, by tone (also the waiting room's, queue/WaitingRoom.tsx). */
export const Banner = styled.div<{ $tone: 'info' | 'error' | 'warning' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 10px 14px;
  margin: 8px 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.errorSoft : $tone === 'warning' ? theme.colors.warningSoft : theme.colors.infoSoft)};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
`;

/** document 1 §1: "A chat-screen disclaimer says conversations are fictional and for entertainment." */
export function Disclaimer() {
  return <Note>{CHAT_TEXTS.disclaimer}</Note>;
}

/** document 1 §1: guests see that unregistered users have limited generation and chats are not saved. */
export function GuestBanner({ action }: { action: ReactNode }) {
  return (
    <Banner $tone="info" role="note">
      <span>{CHAT_TEXTS.guestBanner}</span>
      {action}
    </Banner>
  );
}

/** A chat failure (document 1 §8) with its action. */
export function FailureBanner({ message, action, tone = 'error' }: { message: string; action?: ReactNode; tone?: 'error' | 'warning' }) {
  return (
    <Banner $tone={tone} role="alert">
      <span>{message}</span>
      {action}
    </Banner>
  );
}
