import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { useEffectEvent, useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { tabbableIn } from './focusable';
import { lockBodyScroll } from './scrollLock';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading; it labels the dialog. */
  title: ReactNode;
  children?: ReactNode;
  /** The row of actions under the content. */
  footer?: ReactNode;
  size?: ModalSize;
  closeOnBackdropClick?: boolean;
  closeOnEscape?: boolean;
  showCloseButton?: boolean;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** What gets focus on open; otherwise the first focusable element of the content, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Id of the element describing the dialog (its message). */
  'aria-describedby'?: string;
  className?: string;
  'data-testid'?: string;
}

const WIDTH: Record<ModalSize, string> = { sm: '400px', md: '560px', lg: '800px' };

const fadeIn = keyframes`from { opacity: 0; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(12px); }`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} 120ms ease-out;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    align-items: flex-end;
    padding: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Dialog = styled.div<{ $size: ModalSize }>`
  display: flex;
  flex-direction: column;
  width: min(100%, ${({ $size }) => WIDTH[$size]});
  max-height: calc(100dvh - 32px);
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  animation: ${rise} 160ms ease-out;
  &:focus {
    outline: none;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    width: 100%;
    max-height: 92dvh;
    border-radius: ${({ theme }) => `${theme.radius.lg} ${theme.radius.lg} 0 0`};
    border-bottom: none;
    padding-bottom: env(safe-area-inset-bottom);
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 20px 20px 8px;
  h2 {
    flex: 1;
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.2rem;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
`;

const CloseButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  margin: -4px -8px 0 0;
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.4rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Body = styled.div`
  padding: 8px 20px 20px;
  overflow-y: auto;
  overscroll-behavior: contain;
  line-height: 1.5;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  padding: 12px 20px 20px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    flex-direction: column-reverse;
    & > * {
      width: 100%;
    }
  }
`;

/**
 * An accessible modal dialog in a portal on document.body: role="dialog", aria-modal, labelled by its
 * title. Focus moves into it on open, stays inside while Tab cycles, and returns to where it was on close.
 * Escape, the close button and a click on the backdrop close it. On phones it is a bottom sheet.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeOnBackdropClick = true,
  closeOnEscape = true,
  showCloseButton = true,
  closeLabel = 'Close',
  initialFocusRef,
  'aria-describedby': describedBy,
  className,
  'data-testid': testId,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);

  // Focus is placed once per opening: a new initialFocusRef must not move it.
  const placeFocus = useEffectEvent(() => {
    const content = contentRef.current;
    const target = initialFocusRef?.current ?? (content ? tabbableIn(content)[0] : undefined) ?? dialogRef.current;
    target?.focus();
  });
  // Before the dialog is painted: a key pressed as soon as it shows (Escape, Tab) already reaches it.
  useLayoutEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockBodyScroll();
    placeFocus();
    return () => {
      unlock();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && closeOnEscape) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const tabbable = tabbableIn(dialogRef.current);
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    // Only a click that both started and ended on the backdrop: selecting text inside and releasing outside is no close.
    if (closeOnBackdropClick && pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  };

  return createPortal(
    <Backdrop onMouseDown={onBackdropMouseDown} onClick={onBackdropClick} data-testid="modal-backdrop">
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        $size={size}
        className={className}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <Header>
          <h2 id={titleId}>{title}</h2>
          {showCloseButton ? (
            <CloseButton type="button" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </CloseButton>
          ) : null}
        </Header>
        <div ref={contentRef} style={{ display: 'contents' }}>
          {children !== undefined && children !== null ? <Body>{children}</Body> : null}
          {footer ? <Footer>{footer}</Footer> : null}
        </div>
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
