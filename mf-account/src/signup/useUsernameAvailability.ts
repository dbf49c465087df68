import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@fable/contracts';
import { useDebouncedCallback } from '@fable/shared';
import { useAccount_checkUsernameMutation } from './accountApi';
import { normalizeUsername, usernameError, type SignupVariant } from './accountRules';

export type Availability =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'unavailable'; message: string }
  | { status: 'error' };

/**
 * Username availability (document 1 §5): checked after a 500 ms pause, once the length is at least 3, the name
 * passes the rules and differs from the current one. `markUnavailable` is for the server's duplicated-username
 * answer on submit.
 */
export function useUsernameAvailability(username: string, { current = null, variant = 'main' }: { current?: string | null; variant?: SignupVariant } = {}) {
  const [check] = useAccount_checkUsernameMutation();
  // The last answer, kept with the name it is about: any other name is idle or being checked.
  const [answer, setAnswer] = useState<{ value: string; availability: Availability; fromSubmit?: boolean } | null>(null);
  const latest = useRef('');

  const run = useDebouncedCallback(async (value: string) => {
    const result = await check({ username: value });
    if (latest.current !== value) return; // typed on meanwhile
    if ('data' in result && result.data) {
      setAnswer({
        value,
        availability: result.data.isAvailable
          ? { status: 'available' }
          : { status: 'unavailable', message: ACCOUNT_MESSAGES.usernameNotAvailable },
      });
    } else {
      setAnswer({ value, availability: { status: 'error' } });
    }
  }, ACCOUNT_LIMITS.usernameCheckDebounceMs);

  const value = normalizeUsername(username);
  const checkable = value.length >= ACCOUNT_LIMITS.usernameCheckMinLength && !usernameError(value, variant) && value !== current;
  useEffect(() => {
    latest.current = value;
    if (checkable) run(value);
    else run.cancel();
  }, [value, checkable, run]);

  const answered = answer?.value === value && (checkable || answer.fromSubmit) ? answer.availability : null;
  const availability: Availability = answered ?? (checkable ? { status: 'checking' } : { status: 'idle' });
  const markUnavailable = (message: string = ACCOUNT_MESSAGES.usernameNotAvailable) =>
    setAnswer({ value, availability: { status: 'unavailable', message }, fromSubmit: true });
  return { availability, markUnavailable };
}
