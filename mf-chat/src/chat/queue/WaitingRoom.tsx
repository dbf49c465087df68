import styled from '@emotion/styled';
import { useRef, useState } from 'react';
import { Button, ButtonLink, Modal, useLocalStorage } from '@fable/shared';
import { SUBSCRIBE_PATH } from '../../subscribePath';
import { Banner } from '../ChatNotices';
import { waitingBannerText } from '@fable/contracts';
import { queueProgress } from './queueMachine';
import { QUEUE_TEXTS } from './queueTexts';
import type { WaitingQueueModel } from './useWaitingQueue';

/** Remembered on this device (document 1 §3 "queue learn-more state"). */
const LEARN_MORE_KEY = 'fable.queue.learnMore';

const Track = styled.div`
  height: 10px;
  margin: 12px 0 4px;
  border-radius: 5px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 400ms ease-out;
`;

const Line = styled.p`
  margin: 0 0 6px;
  font-size: 1rem;
  font-weight: 600;
`;

const Muted = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Offer = styled.section`
  margin-top: 16px;
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  h3 {
    margin: 0 0 4px;
    font-size: 0.95rem;
  }
  p {
    margin: 0 0 10px;
    font-size: 0.9rem;
  }
`;

const LinkButton = styled.button`
  margin-top: 8px;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primaryText};
  font: inherit;
  font-size: 0.9rem;
  text-decoration: underline;
  cursor: pointer;
`;

/**
 * The waiting room on the chat screen (document 1 §4): while waiting, the modal (your place, the estimate, the
 * progress, the offer to skip the line) unless the character is bypassed, and the banner; once let in after a wait,
 * "Chat is Available".
 */
export function WaitingRoom({ queue }: { queue: WaitingQueueModel }) {
  const waiting = queue.applies && queue.status === 'waiting' && !queue.bypass;
  const [modalClosed, setModalClosed] = useState(false);
  const [availableDismissed, setAvailableDismissed] = useState(false);
  const [learnMore, setLearnMore] = useLocalStorage(LEARN_MORE_KEY, false);
  const keepWaiting = useRef<HTMLButtonElement>(null);
  // A new wait opens the modal again (state adjusted while rendering, as React's docs show for derived state).
  const [wasWaiting, setWasWaiting] = useState(waiting);
  if (wasWaiting !== waiting) {
    setWasWaiting(waiting);
    if (waiting) setModalClosed(false);
  }

  if (waiting) {
    const progress = queueProgress(queue);
    const position = queue.position ?? 1;
    return (
      <>
        <Banner $tone="warning" role="status" aria-live="polite">
          <strong>{waitingBannerText(queue.position ?? 1, queue.timeLeft)}</strong>
          {modalClosed && (
            <Button size="sm" variant="secondary" onClick={() => setModalClosed(false)}>
              {QUEUE_TEXTS.modalTitle}
            </Button>
          )}
        </Banner>
        <Modal
          open={!modalClosed}
          onClose={() => setModalClosed(true)}
          title={QUEUE_TEXTS.modalTitle}
          size="sm"
          initialFocusRef={keepWaiting}
          footer={
            <Button ref={keepWaiting} onClick={() => setModalClosed(true)}>
              {QUEUE_TEXTS.keepWaiting}
            </Button>
          }
        >
          <Line>{QUEUE_TEXTS.inLine(position)}</Line>
          {queue.timeLeft !== null && <Line>{QUEUE_TEXTS.estimatedWait(Math.max(1, Math.ceil(queue.timeLeft / 60)))}</Line>}
          {progress !== null && (
            <Track role="progressbar" aria-label={QUEUE_TEXTS.progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
              <Fill style={{ width: `${progress}%` }} />
            </Track>
          )}
          <Muted>{QUEUE_TEXTS.explanation}</Muted>
          <LinkButton type="button" aria-expanded={learnMore} onClick={() => setLearnMore(!learnMore)}>
            {QUEUE_TEXTS.learnMore}
          </LinkButton>
          {learnMore && <Muted>{QUEUE_TEXTS.learnMoreText}</Muted>}
          <Offer aria-label={QUEUE_TEXTS.offerTitle}>
            <h3>{QUEUE_TEXTS.offerTitle}</h3>
            <p>{QUEUE_TEXTS.offerText}</p>
            <ButtonLink to={SUBSCRIBE_PATH}>{QUEUE_TEXTS.upgrade}</ButtonLink>
          </Offer>
        </Modal>
      </>
    );
  }
  if (queue.admittedAfterWait && queue.status === 'access' && !availableDismissed) {
    return (
      <Banner $tone="info" role="status" aria-live="polite">
        <strong>{QUEUE_TEXTS.chatAvailable}</strong>
        <Button size="sm" variant="ghost" onClick={() => setAvailableDismissed(true)}>
          {QUEUE_TEXTS.dismiss}
        </Button>
      </Banner>
    );
  }
  return null;
}
