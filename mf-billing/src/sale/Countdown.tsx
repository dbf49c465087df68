import styled from '@emotion/styled';
import { countdownTo, formatCountdown } from './promotions';
import { SALE_TEXTS as T } from './saleTexts';
import { useNow } from './useNow';

const Clock = styled.p`
  margin: 0;
  display: inline-flex;
  align-items: baseline;
  gap: 8px;
  font-weight: 600;
  .time {
    font-variant-numeric: tabular-nums;
    font-size: 1.25rem;
    font-weight: 800;
  }
`;

/** "Ends in 2d 05:00:00": the time left until the promotion ends (its ends_at), ticking every second. */
export function Countdown({ endsAt }: { endsAt: string }) {
  const now = useNow(1000);
  const left = countdownTo(Date.parse(endsAt), now);
  return (
    <Clock role="timer" aria-live="off" data-testid="countdown">
      <span>{T.endsIn}</span>{' '}
      <time className="time" dateTime={endsAt}>
        {formatCountdown(left)}
      </time>
    </Clock>
  );
}
