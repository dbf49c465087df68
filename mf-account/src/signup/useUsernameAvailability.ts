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
  const [availability, setAvailability] = useState<Availability>({ status: 'idle' });
  const latest = useRef('');

  const run = useDebouncedCallback(async (value: string) => {
    const result = await check({ username: value });
    if (latest.current !== value) return; // typed on meanwhile
    if ('data' in result && result.data) {
      setAvailability(
        result.data.isAvailable
          ? { status: 'available' }
          : { status: 'unavailable', message: ACCOUNT_MESSAGES.usernameNotAvailable },
      );
    } else {
      setAvailability({ status: 'error' });
    }
  }, ACCOUNT_LIMITS.usernameCheckDebounceMs);

  const value = normalizeUsername(username);
  useEffect(() => {
    latest.current = value;
    if (value.length < ACCOUNT_LIMITS.usernameCheckMinLength || usernameError(value, variant) || value === current) {
      run.cancel();
      setAvailability({ status: 'idle' });
      return;
    }
    setAvailability({ status: 'checking' });
    run(value);
  }, [value, current, variant, run]);

  const markUnavailable = (message: string = ACCOUNT_MESSAGES.usernameNotAvailable) => setAvailability({ status: 'unavailable', message });
  return { availability, markUnavailable };
}
