import { waitingBannerText } from '@fable/contracts';
import { INITIAL_QUEUE_VIEW, queueProgress, queueStep } from './queueMachine';

const member = { subscribed: false };

describe('waiting queue state machine (document 1 §4)', () => {
  it('waits with the position and asks again after retry_after, else every 30 s', () => {
    expect(queueStep(INITIAL_QUEUE_VIEW, { status: 'waiting', position: 4, time_left: 200, bypass: null, retry_after: 12 }, member)).toEqual({
      view: { status: 'waiting', position: 4, timeLeft: 200, bypass: null },
      nextInMs: 12_000,
      refresh: false,
      clearBypass: false,
    });
    expect(queueStep(INITIAL_QUEUE_VIEW, { status: 'waiting', position: 2 }, member).nextInMs).toBe(30_000);
  });

  it('chats on access; timed access is asked again when it ends, untimed not at all', () => {
    expect(queueStep(INITIAL_QUEUE_VIEW, { status: 'access', time_left: 1200, bypass: null, retry_after: 1200 }, member)).toMatchObject({
      view: { status: 'access', timeLeft: 1200 },
      nextInMs: 1_200_000,
    });
    expect(queueStep(INITIAL_QUEUE_VIEW, { status: 'access', bypass: 'c1', retry_after: null }, member)).toMatchObject({
      view: { status: 'access', bypass: 'c1' },
      nextInMs: null,
    });
  });

  it('expired lines up again at once; refresh asks again at once without the bypass', () => {
    expect(queueStep(INITIAL_QUEUE_VIEW, { status: 'expired', retry_after: 0 }, member)).toMatchObject({ nextInMs: 0, refresh: true, clearBypass: false });
    expect(queueStep(INITIAL_QUEUE_VIEW, { status: 'refresh', bypass: null, retry_after: 0 }, member)).toMatchObject({ nextInMs: 0, refresh: false, clearBypass: true });
  });

  it('on a failed call: access with an active subscription, else waiting and again in 30 s', () => {
    expect(queueStep(INITIAL_QUEUE_VIEW, { failed: true }, { subscribed: true })).toMatchObject({ view: { status: 'access' }, nextInMs: null });
    expect(queueStep(INITIAL_QUEUE_VIEW, { failed: true }, member)).toMatchObject({ view: { status: 'waiting' }, nextInMs: 30_000 });
  });

  it('banner: minutes from 60 s left, else the position', () => {
    expect(waitingBannerText(3, 60)).toBe('Waiting Time is 1 Minutes');
    expect(waitingBannerText(3, 121)).toBe('Waiting Time is 3 Minutes');
    expect(waitingBannerText(3, 59)).toBe('Waiting Room Position: 3');
    expect(waitingBannerText(3, null)).toBe('Waiting Room Position: 3');
  });

  it('progress: full at the front, empty at 15 minutes or more, none without an estimate', () => {
    const view = { status: 'waiting' as const, position: 3, bypass: null };
    expect(queueProgress({ ...view, timeLeft: 0 })).toBe(100);
    expect(queueProgress({ ...view, timeLeft: 450 })).toBe(50);
    expect(queueProgress({ ...view, timeLeft: 900 })).toBe(0);
    expect(queueProgress({ ...view, timeLeft: 5000 })).toBe(0);
    expect(queueProgress({ ...view, timeLeft: null })).toBeNull();
  });
});
