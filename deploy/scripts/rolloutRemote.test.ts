import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promote, remoteEventCounts, rollBack, rolloutStatus, startRollout } from './rolloutRemote';

const manifest = (buildVersion: string) => ({
  name: 'mf_chat',
  displayName: 'Chat',
  routes: [{ path: '/chats', page: 'recentChats' }],
  nav: [],
  slots: {},
  buildVersion,
  contractsVersion: '1.0.0',
  sharedVersion: '1.0.0',
});

function setUp() {
  const published = mkdtempSync(path.join(tmpdir(), 'published-'));
  for (const version of ['0.1.0', '0.2.0']) {
    mkdirSync(path.join(published, 'mf-chat', version), { recursive: true });
    writeFileSync(path.join(published, 'mf-chat', version, 'fable-remote.json'), JSON.stringify(manifest(version)));
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'deployments-'));
  writeFileSync(path.join(dir, 'main.json'), JSON.stringify({ id: 'main', remotes: { mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json', enabled: true } } }, null, 2));
  const read = () => JSON.parse(readFileSync(path.join(dir, 'main.json'), 'utf8')).remotes.mf_chat;
  return { published, dir, read };
}

it('rolls a published version out to a share, widens it, and rolls it back in one step', async () => {
  const { published, dir, read } = setUp();
  await startRollout(dir, 'main', 'mf-chat', '0.2.0', 10, { publishedDir: published });
  expect(read()).toMatchObject({ entry: 'http://localhost:3001/0.1.0/mf-manifest.json', canary: { entry: 'http://localhost:3001/0.2.0/mf-manifest.json', share: 10, manifest: { buildVersion: '0.2.0' } } });
  await startRollout(dir, 'main', 'mf-chat', '0.2.0', 50, { publishedDir: published });
  expect(read().canary.share).toBe(50);
  expect(await rollBack(dir, 'main', 'mf-chat')).toBe('0.2.0');
  expect(read()).toEqual({ entry: 'http://localhost:3001/0.1.0/mf-manifest.json', enabled: true });
  expect(await rollBack(dir, 'main', 'mf-chat')).toBeNull();
  // The source stays readable: written whole, pretty as it was.
  expect(readFileSync(path.join(dir, 'main.json'), 'utf8')).toContain('\n  "remotes"');
});

it('promotes a rollout: everyone gets its version, with its manifest', async () => {
  const { published, dir, read } = setUp();
  await startRollout(dir, 'main', 'mf-chat', '0.2.0', 25, { publishedDir: published });
  expect(await promote(dir, 'main', 'mf-chat', { publishedDir: published })).toBe('0.2.0');
  expect(read()).toEqual({ entry: 'http://localhost:3001/0.2.0/mf-manifest.json', enabled: true, manifest: manifest('0.2.0') });
  await expect(promote(dir, 'main', 'mf-chat', { publishedDir: published })).rejects.toThrow('main is not rolling out mf-chat');
});

it('refuses a share that is not a whole percent from 1 to 100, a version not published, the version already served, and an unknown remote', async () => {
  const { published, dir, read } = setUp();
  for (const share of [0, 101, 12.5, Number.NaN]) {
    await expect(startRollout(dir, 'main', 'mf-chat', '0.2.0', share, { publishedDir: published })).rejects.toThrow(/whole percent from 1 to 100/);
  }
  await expect(startRollout(dir, 'main', 'mf-chat', '0.3.0', 10, { publishedDir: published })).rejects.toThrow(/mf-chat 0\.3\.0 is not published/);
  await expect(startRollout(dir, 'main', 'mf-chat', '0.1.0', 10, { publishedDir: published })).rejects.toThrow(/already serves mf-chat 0\.1\.0/);
  await expect(startRollout(dir, 'main', 'mf-account', '0.2.0', 10, { publishedDir: published })).rejects.toThrow(/main has no remote mf_account/);
  expect(read()).toEqual({ entry: 'http://localhost:3001/0.1.0/mf-manifest.json', enabled: true });
});

it('says what each remote serves, and with the site\'s metrics what pages reported of each version', async () => {
  const { published, dir } = setUp();
  await startRollout(dir, 'main', 'mf-chat', '0.2.0', 50, { publishedDir: published });
  const metrics = [
    '# TYPE fable_remote_events_total counter',
    'fable_remote_events_total{deployment="main",remote="mf_chat",version="0.1.0",event="loaded"} 7',
    'fable_remote_events_total{deployment="main",remote="mf_chat",version="0.2.0",event="load_failed"} 3',
    'fable_remote_events_total{deployment="sister",remote="mf_chat",version="0.2.0",event="load_failed"} 9',
  ].join('\n');
  expect(remoteEventCounts(metrics, 'main')).toEqual(new Map([['mf_chat 0.1.0 loaded', 7], ['mf_chat 0.2.0 load_failed', 3]]));
  expect(await rolloutStatus(dir, 'main', metrics)).toEqual([
    'mf_chat: 0.1.0 (loaded 7, load_failed 0, render_failed 0); rolling out 0.2.0 to 50 % (loaded 0, load_failed 3, render_failed 0)',
  ]);
  expect(await rolloutStatus(dir, 'main')).toEqual(['mf_chat: 0.1.0; rolling out 0.2.0 to 50 %']);
});
