import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Button, Modal, useBlocker } from '@fable/shared';
import { PROFILE_TEXTS as T } from './profileTexts';

/**
 * Blocks leaving while there are unsaved changes (document 1 §2: "With unsaved profile changes, navigating shows an
 * unsaved-changes warning"): in-app navigation through the router's blocker, reloads and closing the tab through
 * beforeunload (the browser shows its own question there). `allowLeaving()` lets the next navigation through (after
 * the account is removed).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const allowed = useRef(false);
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string } }) =>
      dirty && !allowed.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when returnValue is set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // The dialog's actions finish after awaits: they act on the blocker as it is then, not as it was.
  const latest = useRef(blocker);
  useLayoutEffect(() => {
    latest.current = blocker;
  });
  const proceed = useCallback(() => {
    if (latest.current.state === 'blocked') latest.current.proceed();
  }, []);
  const reset = useCallback(() => {
    if (latest.current.state === 'blocked') latest.current.reset();
  }, []);

  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocked: blocker.state === 'blocked', proceed, reset, allowLeaving };
}

/**
 * The Unsaved Changes dialog with Update and Discard (document 1 §2; its text 'You have unsaved changes', document 2
 * §8). Escape, the close button and the backdrop keep the user on the page. Built on the kit's Modal rather than
 * ConfirmationModal: that one closes by the same callback for Cancel and for Escape, and here they differ (Discard
 * leaves and drops the changes, Escape stays).
 */
export function UnsavedChangesDialog({
  open,
  saving,
  onUpdate,
  onDiscard,
  onStay,
}: {
  open: boolean;
  saving: boolean;
  onUpdate: () => void;
  onDiscard: () => void;
  onStay: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!saving) onStay();
      }}
      title={T.unsavedTitle}
      size="sm"
      data-testid="unsaved-changes"
      footer={
        <>
          <Button variant="secondary" onClick={onDiscard} disabled={saving}>
            {T.discard}
          </Button>
          <Button onClick={onUpdate} loading={saving}>
            {T.update}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{T.unsavedMessage}</p>
    </Modal>
  );
}
