import styled from '@emotion/styled';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { CardFieldsHandle, CardFieldsState, CardToken } from './cardFieldsTypes';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';

/** The hosted card fields' messages (payments-sandbox/README.md "Hosted pages"), prefix `fable-sandbox:`. */
const PREFIX = 'fable-sandbox:';
const TOKENIZE_TIMEOUT_MS = 20_000;

interface SandboxCardFieldsProps {
  /** The page to frame (paymentConfig.card_fields_url). */
  url: string;
  /** The only origin whose messages are read (paymentConfig.frame_origin). */
  origin: string;
  onChange: (state: CardFieldsState) => void;
  ref?: Ref<CardFieldsHandle>;
}

const Frame = styled.iframe`
  display: block;
  box-sizing: content-box;
  width: 100%;
  height: 112px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.background};
  /* The card fields page follows light and dark by color-scheme: it takes the page's theme. */
  color-scheme: ${({ theme }) => theme.mode};
`;

const Status = styled.p`
  margin: 6px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

type Pending = { resolve: (token: CardToken) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> };

/**
 * The payments sandbox's hosted card fields in an iframe: the card number never reaches this page. Messages are read only from
 * `origin` and from this frame's window; `tokenize` posts a request id and waits for its token or error.
 */
export function SandboxCardFields({ url, origin, onChange, ref }: SandboxCardFieldsProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef(new Map<string, Pending>());
  const [ready, setReady] = useState(false);
  // The fields page's own height (its resize message); the stylesheet's until it tells.
  const [height, setHeight] = useState<number | null>(null);
  const state = useRef<CardFieldsState>({ ready: false, complete: false, brand: null, error: null });

  const report = useEffectEvent((next: Partial<CardFieldsState>) => {
    state.current = { ...state.current, ...next };
    onChange(state.current);
  });

  const onMessage = useEffectEvent((event: MessageEvent) => {
    if (event.origin !== origin) return;
    const own = frame.current?.contentWindow;
    if (event.source && own && event.source !== own) return;
    const data = event.data as { type?: unknown; requestId?: unknown; [key: string]: unknown } | null;
    if (!data || typeof data.type !== 'string' || !data.type.startsWith(PREFIX)) return;
    const type = data.type.slice(PREFIX.length);
    if (type === 'ready') {
      setReady(true);
      report({ ready: true });
    } else if (type === 'resize') {
      if (typeof data.height === 'number' && data.height >= 40 && data.height <= 600) setHeight(data.height);
    } else if (type === 'change') {
      report({ complete: data.complete === true, brand: typeof data.brand === 'string' ? data.brand : null, error: typeof data.error === 'string' ? data.error : null });
    } else if ((type === 'token' || type === 'error') && typeof data.requestId === 'string') {
      const waiting = pending.current.get(data.requestId);
      if (!waiting) return;
      pending.current.delete(data.requestId);
      clearTimeout(waiting.timer);
      if (type === 'token' && typeof data.paymentMethod === 'string') {
        waiting.resolve({ paymentMethod: data.paymentMethod, brand: data.brand as string | undefined, last4: data.last4 as string | undefined });
      } else waiting.reject(new Error(typeof data.message === 'string' ? data.message : T.invalidCard));
    }
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener('message', listener);
    const waiting = pending.current;
    return () => {
      window.removeEventListener('message', listener);
      for (const p of waiting.values()) clearTimeout(p.timer);
      waiting.clear();
    };
  }, []);

  useImperativeHandle(ref, () => ({
    tokenize() {
      const target = frame.current?.contentWindow;
      if (!target) return Promise.reject(new Error(T.invalidCard));
      const requestId = `tok_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
      return new Promise<CardToken>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.current.delete(requestId);
          reject(new Error(T.unexpected));
        }, TOKENIZE_TIMEOUT_MS);
        pending.current.set(requestId, { resolve, reject, timer });
        target.postMessage({ type: `${PREFIX}tokenize`, requestId }, origin);
      });
    },
  }));

  return (
    <div>
      <Frame ref={frame} src={url} title={T.cardFrameTitle} style={height === null ? undefined : { height }} />
      {!ready && <Status role="status">{T.cardLoading}</Status>}
    </div>
  );
}
