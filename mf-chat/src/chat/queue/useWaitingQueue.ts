import { useEffect, useRef, useState } from 'react';
import { selectAuthStatus, selectHiddenByPartner, selectPermissions, selectUser, useAppDispatch, useAppSelector, useSearchParams } from '@fable/shared';
import { INITIAL_QUEUE_VIEW, queueStep, type QueueView } from './queueMachine';
import { queueApi } from './queueApi';

export interface WaitingQueueModel extends QueueView {
  /** The waiting room concerns this user here (not skip-the-line, premium or partner mode). */
  applies: boolean;
  /** The user waited on this page and was let in: "Chat is Available". */
  admittedAfterWait: boolean;
}

const ACCESS: QueueView = { status: 'access', position: null, timeLeft: null, bypass: null };

/**
 * The waiting queue of a chat page (document 1 §4): asks GET queue on load and whenever the last answer says
 * (queueMachine.ts), with the page's `bypass` parameter until the server clears it; leaves the line when the page
 * goes. Users with skip_waiting_room, premium members and partner sites never wait and never ask.
 */
export function useWaitingQueue(characterId: string): WaitingQueueModel {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const permissions = useAppSelector(selectPermissions);
  const hiddenByPartner = useAppSelector((s) => selectHiddenByPartner(s, 'waiting_queue'));
  const [params, setParams] = useSearchParams();
  const bypassParam = params.get('bypass');
  const applies = !hiddenByPartner && !permissions.includes('skip_waiting_room') && user?.tier !== 'premium';
  const ready = status === 'authenticated' || status === 'guest';
  const subscribed = Boolean(user && user.tier !== 'free');

  const [view, setView] = useState<QueueView>(INITIAL_QUEUE_VIEW);
  const [admittedAfterWait, setAdmittedAfterWait] = useState(false);
  // The page's bypass parameter as it came; the loop drops it once the server clears it (and from the URL).
  const [initialBypass] = useState(bypassParam);
  const bypassRef = useRef(initialBypass);
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  }, [setParams]);

  useEffect(() => {
    if (!applies || !ready || !characterId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let current = INITIAL_QUEUE_VIEW;
    const ask = async (refresh: boolean) => {
      attempt += 1;
      const bypass = bypassRef.current;
      const result = await dispatch(queueApi.endpoints.chat_queueStatus.initiate({ characterId, bypass, refresh, attempt }, { subscribe: false, forceRefetch: true }));
      if (stopped) return;
      const step = queueStep(current, result.data ?? { failed: true }, { subscribed });
      if (current.status === 'waiting' && step.view.status === 'access') setAdmittedAfterWait(true);
      current = step.view;
      setView(current);
      if (step.clearBypass && bypass) {
        bypassRef.current = null;
        setParamsRef.current(
          (params) => {
            const next = new URLSearchParams(params);
            next.delete('bypass');
            return next;
          },
          { replace: true },
        );
      }
      if (step.nextInMs !== null) timer = setTimeout(() => void ask(step.refresh), step.nextInMs);
    };
    void ask(false);
    return () => {
      stopped = true;
      clearTimeout(timer);
      // Leaving the page frees the place in line at once (a closed tab's place goes when it stops asking).
      if (current.status === 'waiting') void dispatch(queueApi.endpoints.chat_queueLeave.initiate());
    };
  }, [applies, ready, characterId, subscribed, dispatch]);

  if (!applies) return { ...ACCESS, applies: false, admittedAfterWait: false };
  return { ...view, applies: true, admittedAfterWait };
}
