import { useEffect, useState } from 'react';
import { RESEND_COOLDOWN_SECONDS } from './signInTexts';

/**
 * The pause before a sign-in code can be sent again: `cooldown` is the seconds left (0 when it can), ticking each
 * second while it runs; `restart` starts it when a code was just sent.
 */
export function useResendCooldown() {
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  const cooldown = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [cooldown]);

  const restart = () => {
    setResendAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
    setNow(Date.now());
  };

  return { cooldown, restart };
}
