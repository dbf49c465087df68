import { captureTrackingIds, clearTrackingIds, readTrackingIds, TRACKING_IDS_KEY } from './trackingIds';

beforeEach(() => window.localStorage.clear());

describe('the tracking ids of the arrival (document 1 §7 affiliate_id, tap_tracking_id)', () => {
  it('keeps the ids of the arrival URL until sign-up, and forgets them after', () => {
    captureTrackingIds('?affiliate_id=aff-42&tap_tracking_id=tap_9.x&other=1');
    expect(readTrackingIds()).toEqual({ affiliate_id: 'aff-42', tap_tracking_id: 'tap_9.x' });
    expect(JSON.parse(window.localStorage.getItem(TRACKING_IDS_KEY)!)).toEqual({ affiliate_id: 'aff-42', tap_tracking_id: 'tap_9.x' });
    clearTrackingIds();
    expect(readTrackingIds()).toEqual({});
    expect(window.localStorage.getItem(TRACKING_IDS_KEY)).toBeNull();
  });

  it('keeps the first id of each kind: a later arrival adds what is missing and replaces nothing', () => {
    captureTrackingIds('?affiliate_id=first');
    captureTrackingIds('?affiliate_id=second&tap_tracking_id=tap-1');
    captureTrackingIds('');
    expect(readTrackingIds()).toEqual({ affiliate_id: 'first', tap_tracking_id: 'tap-1' });
  });

  it('ignores ids that are not 1 to 100 printable characters, in the URL or in storage', () => {
    captureTrackingIds(`?affiliate_id=${encodeURIComponent('has space')}&tap_tracking_id=${'x'.repeat(101)}`);
    expect(window.localStorage.getItem(TRACKING_IDS_KEY)).toBeNull();
    captureTrackingIds(`?affiliate_id=&tap_tracking_id=${encodeURIComponent('new\nline')}`);
    expect(readTrackingIds()).toEqual({});
    window.localStorage.setItem(TRACKING_IDS_KEY, JSON.stringify({ affiliate_id: 42, tap_tracking_id: 'ok-1', extra: 'x' }));
    expect(readTrackingIds()).toEqual({ tap_tracking_id: 'ok-1' });
    window.localStorage.setItem(TRACKING_IDS_KEY, 'not json');
    expect(readTrackingIds()).toEqual({});
  });
});
