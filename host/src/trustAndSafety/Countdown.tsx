import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { BAN_SCREEN_TEXTS as T } from './banScreenTexts';

const Clock = styled.div`
  font-size: 2rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.text};
`;

const pad = (n: number) => String(n).padStart(2, '0');
const HOUR_MS = 60 * 60 * 1000;

/**
 * A temporary hold's end (document 1 §4 "Restriction": shown in hours and a countdown): "ends in N hours", HH:MM:SS
 * ticking each second, and the date; calls `onEnd` once when it ends.
 */
export function HoldCountdown({ until, onEnd }: { until: string; onEnd?: () => void }) {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, end - now);
  useEffect(() => {
    if (left === 0) {
      onEnd?.();
      return;
    }
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => window.clearTimeout(timer);
  }, [left, onEnd]);
  const seconds = Math.ceil(left / 1000);
  const clock = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return (
    <div>
      <p>
        {T.endsIn} {T.hours(Math.max(1, Math.ceil(left / HOUR_MS)))}
      </p>
      <Clock>
        <time dateTime={until} role="timer" aria-live="off">
          {clock}
        </time>
      </Clock>
      <p>{T.endsAt(new Date(until).toLocaleString())}</p>
    </div>
  );
}
