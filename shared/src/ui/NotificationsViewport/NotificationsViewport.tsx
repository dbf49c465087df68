import styled from '@emotion/styled';
import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import { dismissNotification, selectNotifications } from '../../notifications/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Toast } from './Toast';

export interface NotificationsViewportProps {
  /** Accessible name of the region. */
  label?: string;
  /** Accessible name of each close button. */
  closeLabel?: string;
}

const Region = styled.section`
  position: fixed;
  top: 16px;
  right: 16px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: min(380px, calc(100vw - 32px));
  pointer-events: none;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    top: calc(8px + env(safe-area-inset-top));
    right: 8px;
    left: 8px;
    width: auto;
  }
`;

/**
 * The page's notifications, newest on top, top right (full width on phones). The host renders it once,
 * inside AppProviders; everything else calls notify() or useNotify().
 */
export function NotificationsViewport({ label = 'Notifications', closeLabel }: NotificationsViewportProps) {
  const items = useAppSelector(selectNotifications);
  const dispatch = useAppDispatch();
  const close = useCallback((id: string) => dispatch(dismissNotification(id)), [dispatch]);
  if (typeof document === 'undefined') return null;
  return createPortal(
    // aria-live="off" (each toast is its own live region) keeps the region visible to assistive technology while a
    // modal hides the rest of the page (aria-hidden skips [aria-live]); data-notifications lets the modal ignore a
    // press on a toast instead of closing.
    <Region aria-label={label} aria-live="off" data-notifications="">
      {[...items].reverse().map((n) => (
        <Toast key={n.id} notification={n} onClose={close} closeLabel={closeLabel} />
      ))}
    </Region>,
    document.body,
  );
}
