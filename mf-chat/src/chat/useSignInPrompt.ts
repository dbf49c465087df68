import { useCallback, useEffect, useRef } from 'react';
import { signInRequested, useAppDispatch, useLocation } from '@fable/shared';

/**
 * Sign in, back to this page afterwards. Guests cannot chat with NSFW bots: with `nsfwLocked` the login prompt opens
 * once on its own (document 1 §2).
 */
export function useSignInPrompt(nsfwLocked: boolean): () => void {
  const dispatchApp = useAppDispatch();
  const location = useLocation();
  const askSignIn = useCallback(() => {
    dispatchApp(signInRequested({ returnTo: location.pathname }));
  }, [dispatchApp, location.pathname]);

  const promptedRef = useRef(false);
  useEffect(() => {
    if (nsfwLocked && !promptedRef.current) {
      promptedRef.current = true;
      askSignIn();
    }
  }, [nsfwLocked, askSignIn]);

  return askSignIn;
}
