import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { Button, useAppDispatch } from '@fable/shared';
import { notificationsApi, useHost_pushSubscribeMutation, useHost_pushUnsubscribeMutation } from './notificationsApi';
import { NOTIFICATIONS_TEXTS as T } from './notificationsTexts';
import { currentSubscription, pushState, subscribeToPush, type PushState } from './pushOptIn';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 10px 14px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  .error {
    flex-basis: 100%;
    color: ${({ theme }) => theme.colors.error};
  }
`;

/** The Web Push opt-in: nothing is asked of the browser until the member clicks Turn on; hidden where push cannot work. */
export function PushOptIn() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const dispatch = useAppDispatch();
  const [subscribe] = useHost_pushSubscribeMutation();
  const [unsubscribe] = useHost_pushUnsubscribeMutation();
  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  if (state === null || state === 'unsupported') return null;

  const turnOn = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const key = await dispatch(notificationsApi.endpoints.host_pushKey.initiate(undefined)).unwrap();
      const subscription = await subscribeToPush(key.public_key);
      if (!subscription) {
        setState(await pushState());
        return;
      }
      await subscribe(subscription).unwrap();
      setState('on');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    const subscription = await currentSubscription();
    if (subscription) {
      await unsubscribe({ endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    setState('off');
    setBusy(false);
  };

  return (
    <Row>
      {state === 'denied' ? (
        <span>{T.push.denied}</span>
      ) : state === 'on' ? (
        <>
          <span>{T.push.on}</span>
          <Button size="sm" variant="secondary" loading={busy} onClick={() => void turnOff()}>
            {T.push.turnOff}
          </Button>
        </>
      ) : (
        <>
          <span>{T.push.off}</span>
          <Button size="sm" loading={busy} onClick={() => void turnOn()}>
            {T.push.turnOn}
          </Button>
        </>
      )}
      {failed ? (
        <span className="error" role="alert">
          {T.push.failed}
        </span>
      ) : null}
    </Row>
  );
}
