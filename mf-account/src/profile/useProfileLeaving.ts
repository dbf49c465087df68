import { useEffect, useRef, useState, type RefObject } from 'react';
import { selectSignOutRequested, signOutRequested, useAppDispatch, useAppSelector } from '@fable/shared';
import { focusFirstInvalid, useUnsavedChangesGuard } from '@fable/shared/forms';

type Leaving = 'navigation' | 'logout' | null;

/**
 * Leaving the profile with unsaved changes (document 1 §2, §8): a navigation (blocked by the kit's guard) or Logout
 * opens the Unsaved Changes dialog. Update submits the form and leaves once saved (a failure closes the dialog and
 * leaves the error on the form); Discard drops the changes and leaves; Escape stays.
 */
export function useProfileLeaving({ dirty, formRef, onDiscard }: { dirty: boolean; formRef: RefObject<HTMLFormElement | null>; onDiscard: () => void }) {
  const dispatch = useAppDispatch();
  // Signing out (the header's Sign Out, or ours after the dialog) leaves the page: nothing to guard any more.
  const signingOut = useAppSelector(selectSignOutRequested);
  const guard = useUnsavedChangesGuard(dirty && !signingOut);
  const [logoutAsked, setLogoutAsked] = useState(false);
  const leaving: Leaving = guard.blocked ? 'navigation' : logoutAsked ? 'logout' : null;
  // What the dialog's Update leaves for once the submit it started is over.
  const leaveAfterSubmit = useRef<Leaving>(null);
  // A failed Update closes the dialog, which gives the focus back to what opened it: the first field in error takes it.
  const focusAfterClose = useRef(false);
  useEffect(() => {
    if (leaving !== null || !focusAfterClose.current) return;
    focusAfterClose.current = false;
    if (formRef.current) focusFirstInvalid(formRef.current);
  }, [leaving, formRef]);

  const finish = (kind: 'navigation' | 'logout') => {
    if (kind === 'navigation') guard.proceed();
    else dispatch(signOutRequested());
  };

  return {
    leaving,
    allowLeaving: guard.allowLeaving,
    logout: () => {
      if (dirty) setLogoutAsked(true);
      else dispatch(signOutRequested());
    },
    stay: () => {
      guard.reset();
      setLogoutAsked(false);
    },
    update: () => {
      leaveAfterSubmit.current = leaving;
      formRef.current?.requestSubmit();
    },
    discard: () => {
      setLogoutAsked(false);
      onDiscard();
      if (leaving) finish(leaving);
    },
    /** The form's submit is over (saved or not). */
    submitted: (saved: boolean) => {
      const kind = leaveAfterSubmit.current;
      leaveAfterSubmit.current = null;
      if (!kind) return;
      setLogoutAsked(false);
      if (saved) finish(kind);
      else {
        focusAfterClose.current = true;
        guard.reset();
      }
    },
  };
}
