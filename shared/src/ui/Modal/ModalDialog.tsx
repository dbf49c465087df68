import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import * as RadixDialog from '@radix-ui/react-dialog';
import { setNonce } from 'get-nonce';
import { useRef } from 'react';
import { cspNonce } from '../../app/cspNonce';
import { tabbableIn } from './focusable';
import type { ModalDialogProps, ModalSize } from './Modal';

// Radix locks the page's scrolling with react-remove-scroll, which adds a <style> element: like emotion's, it carries
// the page's CSP nonce (the policy allows no other inline style).
const nonce = cspNonce();
if (nonce) setNonce(nonce);

/** The Modal's dialog on Radix's Dialog, loaded when a page first opens a Modal (Modal.tsx). */

const WIDTH: Record<ModalSize, string> = { sm: '400px', md: '560px', lg: '800px' };

const fadeIn = keyframes`from { opacity: 0; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(12px); }`;

const Backdrop = styled(RadixDialog.Overlay)`
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

const Dialog = styled(RadixDialog.Content, { shouldForwardProp: (prop) => prop !== '$size' })<{ $size: ModalSize }>`
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

/** The dialog of Modal.tsx, on Radix's Dialog. */
export function ModalDialog({ modal: m }: { modal: ModalDialogProps }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // Radix returns focus to a Dialog.Trigger; callers open a Modal from anywhere, so it goes back where it was.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  return (
    <RadixDialog.Root open={m.open} onOpenChange={(next) => !next && m.onClose()}>
      <RadixDialog.Portal>
        <Backdrop data-testid="modal-backdrop">
          <Dialog
            ref={dialogRef}
            aria-modal="true"
            aria-describedby={m.describedBy}
            $size={m.size}
            className={m.className}
            data-testid={m.testId}
            onOpenAutoFocus={(event) => {
              // Where focus starts: initialFocusRef, else the content's first field or button (not the close
              // button), else the dialog itself.
              event.preventDefault();
              returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              const content = contentRef.current;
              (m.initialFocusRef?.current ?? (content ? tabbableIn(content)[0] : undefined) ?? dialogRef.current)?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              // Radix runs this after the dialog is gone (a task later): focus the page has moved since (a field in
              // error that a failed Update focuses) stays where it is.
              const active = document.activeElement;
              if (active && active !== document.body && !dialogRef.current?.contains(active)) return;
              (returnFocusTo.current?.isConnected ? returnFocusTo.current : m.fallbackFocusRef?.current)?.focus();
            }}
            onEscapeKeyDown={(event) => (m.closeOnEscape ? event.stopPropagation() : event.preventDefault())}
            onPointerDownOutside={(event) => !m.closeOnBackdropClick && event.preventDefault()}
            // A toast over the dialog stays usable: pressing or focusing it does not close the dialog.
            onInteractOutside={(event) => event.target instanceof Element && event.target.closest('[data-notifications]') && event.preventDefault()}
          >
            <Header>
              <RadixDialog.Title asChild>
                <h2>{m.title}</h2>
              </RadixDialog.Title>
              {m.showCloseButton ? (
                <RadixDialog.Close asChild>
                  <CloseButton type="button" aria-label={m.closeLabel}>
                    <span aria-hidden="true">×</span>
                  </CloseButton>
                </RadixDialog.Close>
              ) : null}
            </Header>
            <div ref={contentRef} style={{ display: 'contents' }}>
              {m.children !== undefined && m.children !== null ? <Body>{m.children}</Body> : null}
              {m.footer ? <Footer>{m.footer}</Footer> : null}
            </div>
          </Dialog>
        </Backdrop>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
