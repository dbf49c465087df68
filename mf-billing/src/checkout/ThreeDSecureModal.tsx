import styled from '@emotion/styled';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Modal } from '@fable/shared';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';

export type ThreeDsOutcome = { status: 'success' } | { status: 'failure'; error_message: string };

interface ThreeDSecureFrameProps {
  /** The challenge page (the subscribe or change_card answer's iframe_3ds_url). */
  url: string;
  /** The only origin whose window message is read. */
  origin: string;
  onOutcome: (outcome: ThreeDsOutcome) => void;
}

interface ThreeDSecureModalProps extends ThreeDSecureFrameProps {
  onClose: () => void;
}

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: min(60vh, 460px);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #ffffff;
`;

const Hint = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The bank's challenge in an embedded frame; its window message `{ status: 'success' }` or `{ status: 'failure',
 * error_message }`, from `origin` and this frame only, ends it.
 */
export function ThreeDSecureFrame({ url, origin, onOutcome }: ThreeDSecureFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const onMessage = useEffectEvent((event: MessageEvent) => {
    if (event.origin !== origin) return;
    const own = frame.current?.contentWindow;
    if (event.source && own && event.source !== own) return;
    const data = event.data as { status?: unknown; error_message?: unknown } | null;
    if (data?.status === 'success') onOutcome({ status: 'success' });
    else if (data?.status === 'failure') onOutcome({ status: 'failure', error_message: typeof data.error_message === 'string' && data.error_message ? data.error_message : T.unexpected });
  });
  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
  return <Frame ref={frame} src={url} title={T.threeDsFrameTitle} />;
}

/** The 3-D Secure modal of the checkout (document 2 §4): the challenge's frame in a modal. */
export function ThreeDSecureModal({ onClose, ...frame }: ThreeDSecureModalProps) {
  return (
    <Modal open onClose={onClose} title={T.threeDsTitle} size="md" closeOnBackdropClick={false} closeLabel={T.close}>
      <Hint>{T.threeDsHint}</Hint>
      <ThreeDSecureFrame {...frame} />
    </Modal>
  );
}
