import { keyframes, useTheme, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { useEffect } from 'react';
import {
  NOTIFICATION_DURATION_MS,
  type AppNotification,
  type NotificationType,
} from '../../notifications/notificationsSlice';

export interface ToastProps {
  notification: AppNotification;
  onClose: (id: string) => void;
  closeLabel?: string;
}

const ICON: Record<NotificationType, string> = { success: '✓', error: '!', warning: '!', alert: 'i', default: '•' };

function accentOf(theme: Theme, type: NotificationType): { color: string; soft: string } {
  const c = theme.colors;
  switch (type) {
    case 'success':
      return { color: c.success, soft: c.successSoft };
    case 'error':
      return { color: c.error, soft: c.errorSoft };
    case 'warning':
      return { color: c.warning, soft: c.warningSoft };
    case 'alert':
      return { color: c.info, soft: c.infoSoft };
    default:
      return { color: c.primary, soft: c.primarySoft };
  }
}

const slideIn = keyframes`from { opacity: 0; transform: translateY(-8px) scale(0.98); }`;

const Card = styled.div<{ $accent: string }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 12px 8px 12px 12px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ $accent }) => $accent};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
  animation: ${slideIn} 160ms ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Icon = styled.span<{ $accent: string; $soft: string }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  background: ${({ $soft }) => $soft};
  color: ${({ $accent }) => $accent};
  font-size: 0.8rem;
  font-weight: 800;
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  padding-top: 2px;
  font-size: 0.92rem;
  line-height: 1.4;
  overflow-wrap: anywhere;
  strong {
    display: block;
    margin-bottom: 2px;
  }
`;

const Close = styled.button`
  flex: none;
  width: 28px;
  height: 28px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.2rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** One notification: errors and warnings are alerts (read at once), the rest statuses. Closes itself after its duration. */
export function Toast({ notification, onClose, closeLabel = 'Close notification' }: ToastProps) {
  const { id, type, title, message, duration } = notification;
  const theme = useTheme();
  const { color, soft } = accentOf(theme, type);
  const ms = NOTIFICATION_DURATION_MS[duration];

  useEffect(() => {
    if (ms === null) return;
    const timer = setTimeout(() => onClose(id), ms);
    return () => clearTimeout(timer);
  }, [id, ms, onClose]);

  const urgent = type === 'error' || type === 'warning';
  return (
    <Card
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-type={type}
      $accent={color}
    >
      <Icon aria-hidden="true" $accent={color} $soft={soft}>
        {ICON[type]}
      </Icon>
      <Text>
        {/* The space keeps title and message apart for screen readers (the title is a block on screen). */}
        {title ? <><strong>{title}</strong> </> : null}
        {message}
      </Text>
      <Close type="button" aria-label={closeLabel} onClick={() => onClose(id)}>
        <span aria-hidden="true">×</span>
      </Close>
    </Card>
  );
}
