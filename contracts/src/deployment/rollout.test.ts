import { DeploymentSchema } from './deployment';
import { chooseRemote, inRollout, RemoteBeaconSchema, rolloutBucket, versionOfEntry } from './rollout';

const ids = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i));

it('puts a key in the same bucket every time, and a share of keys in a rollout close to the share', () => {
  expect(rolloutBucket('user-1', 'mf_chat')).toBe(rolloutBucket('user-1', 'mf_chat'));
  for (const keys of [ids(10_000, (i) => `guest-${i}`), ids(10_000, (i) => `${(i * 2654435761) >>> 0}`.padStart(10, '0'))]) {
    for (const share of [10, 50, 90]) {
      const inside = keys.filter((key) => inRollout(key, 'mf_chat', share)).length / keys.length;
      expect(Math.abs(inside - share / 100)).toBeLessThan(0.02);
    }
  }
});

it('chooses users independently for each remote, and nobody at 0 %, everybody at 100 %', () => {
  const keys = ids(2_000, (i) => `member-${i}`);
  const chat = new Set(keys.filter((key) => inRollout(key, 'mf_chat', 50)));
  const both = keys.filter((key) => chat.has(key) && inRollout(key, 'mf_account', 50)).length / keys.length;
  expect(Math.abs(both - 0.25)).toBeLessThan(0.04);
  expect(keys.some((key) => inRollout(key, 'mf_chat', 0))).toBe(false);
  expect(keys.every((key) => inRollout(key, 'mf_chat', 100))).toBe(true);
});

it('gives a user the rollout\'s version when their key falls in its share, else the deployment\'s, and without a key the deployment\'s', () => {
  const remote = { entry: '/mf-chat/0.1.0/mf-manifest.json', canary: { entry: '/mf-chat/0.2.0/mf-manifest.json', share: 50 } };
  const keys = ids(200, (i) => `k${i}`);
  const chosen = keys.map((key) => chooseRemote('mf_chat', remote, key));
  expect(chosen.filter((c) => c.canary).every((c) => c.entry === remote.canary.entry)).toBe(true);
  expect(chosen.filter((c) => !c.canary).every((c) => c.entry === remote.entry)).toBe(true);
  expect(new Set(chosen.map((c) => c.canary))).toEqual(new Set([true, false]));
  expect(chooseRemote('mf_chat', remote, null)).toEqual({ entry: remote.entry, manifest: undefined, canary: false });
  expect(chooseRemote('mf_chat', { entry: remote.entry }, 'k1').canary).toBe(false);
});

it('reads the version of a versioned entry, and none of a dev server\'s', () => {
  expect(versionOfEntry('http://localhost:3001/0.1.0/mf-manifest.json')).toBe('0.1.0');
  expect(versionOfEntry('/mf-chat/0.2.0-rc.1/mf-manifest.json')).toBe('0.2.0-rc.1');
  expect(versionOfEntry('http://localhost:3001/mf-manifest.json')).toBeNull();
  expect(versionOfEntry('http://localhost:3001/remoteEntry.js')).toBeNull();
});

it('accepts a rollout of a whole percent in a deployment, and refuses any other share', () => {
  const deployment = (share: unknown) => ({
    id: 'main',
    applicationId: 'fable',
    kind: 'main',
    brand: { name: 'Fable', logoUrl: '/logo.svg', colors: { primary: '#000000', accent: '#ffffff' }, footer: {}, links: { support: '/s', terms: '/t', privacy: '/p', refund: '/r' } },
    hostnames: ['localhost'],
    partner: { enabled: false },
    remotes: { mf_chat: { entry: '/a/0.1.0/mf-manifest.json', canary: { entry: '/a/0.2.0/mf-manifest.json', share } } },
  });
  expect(DeploymentSchema.safeParse(deployment(50)).success).toBe(true);
  for (const share of [-1, 101, 12.5, '50', null]) expect(DeploymentSchema.safeParse(deployment(share)).success).toBe(false);
});

it('takes a beacon of a known event with a version, and nothing else', () => {
  expect(RemoteBeaconSchema.safeParse({ remote: 'mf_chat', version: '0.1.1-rc.1', event: 'load_failed' }).success).toBe(true);
  for (const bad of [
    { remote: 'mf_chat', version: '0.1.1', event: 'exploded' },
    { remote: 'chat', version: '0.1.1', event: 'loaded' },
    { remote: 'mf_chat', version: '0.1.1\u0000', event: 'loaded' },
    { remote: 'mf_chat', version: 'x'.repeat(65), event: 'loaded' },
    { remote: 'mf_chat', event: 'loaded' },
  ]) {
    expect(RemoteBeaconSchema.safeParse(bad).success).toBe(false);
  }
});
