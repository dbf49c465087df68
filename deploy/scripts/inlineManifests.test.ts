import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeploymentSchema } from '@fable/contracts';
import { publishDeployments, withManifests } from './inlineManifests';
import { pointDeployment } from './pointDeployment';

const manifest = (name: string, buildVersion: string, extraRoute?: string) => ({
  name,
  displayName: 'Chat',
  routes: [{ path: '/chats', page: 'recentChats' }, ...(extraRoute ? [{ path: extraRoute, page: 'extra' }] : [])],
  nav: [],
  slots: {},
  buildVersion,
  contractsVersion: '1.0.0',
  sharedVersion: '1.0.0',
});

function publishedDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'published-'));
  const publish = (folder: string, version: string, body: unknown) => {
    mkdirSync(path.join(dir, folder, version), { recursive: true });
    writeFileSync(path.join(dir, folder, version, 'fable-remote.json'), JSON.stringify(body));
  };
  publish('mf-chat', '0.1.0', manifest('mf_chat', '0.1.0'));
  publish('mf-chat', '0.2.0', manifest('mf_chat', '0.2.0', '/chats/new-route'));
  return { dir, publish };
}

const source = {
  id: 'main',
  remotes: {
    mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json', enabled: true },
    mf_later: { entry: 'http://localhost:3009/9.9.9/mf-manifest.json', enabled: true },
  },
};

it('inlines the published manifest of the version each remote points at, and says which are not published', () => {
  const { dir } = publishedDir();
  const warnings: string[] = [];
  const served = withManifests(source, dir, (w) => warnings.push(w));
  expect((served.remotes!.mf_chat!.manifest as { buildVersion: string }).buildVersion).toBe('0.1.0');
  expect(served.remotes!.mf_later!.manifest).toBeUndefined();
  expect(warnings).toEqual([expect.stringMatching(/mf_later 9\.9\.9 is not published/)]);
});

it('inlines the manifest of a version being rolled out beside the entry\'s', () => {
  const { dir } = publishedDir();
  const rolling = { ...source.remotes.mf_chat, canary: { entry: 'http://localhost:3001/0.2.0/mf-manifest.json', share: 20 } };
  const served = withManifests({ remotes: { mf_chat: rolling } }, dir).remotes!.mf_chat!;
  expect((served.manifest as { buildVersion: string }).buildVersion).toBe('0.1.0');
  expect(served.canary).toMatchObject({ entry: rolling.canary.entry, share: 20, manifest: { buildVersion: '0.2.0' } });
});

it('refuses a published manifest of another remote under a remote\'s folder', () => {
  const { dir, publish } = publishedDir();
  publish('mf-chat', '0.3.0', manifest('mf_account', '0.3.0'));
  expect(() => withManifests({ remotes: { mf_chat: { entry: 'http://x/0.3.0/mf-manifest.json' } } }, dir)).toThrow(/manifest of mf_account, not mf_chat/);
});

it('writes served deployments that the deployment schema accepts', async () => {
  const { dir } = publishedDir();
  const from = mkdtempSync(path.join(tmpdir(), 'source-'));
  const to = path.join(mkdtempSync(path.join(tmpdir(), 'served-')), 'deployments');
  const real = JSON.parse(readFileSync(path.join(__dirname, '../deployments/main.json'), 'utf8'));
  writeFileSync(path.join(from, 'main.json'), JSON.stringify({ ...real, remotes: { mf_chat: source.remotes.mf_chat } }));
  await publishDeployments(from, to, dir);
  const served = DeploymentSchema.parse(JSON.parse(readFileSync(path.join(to, 'main.json'), 'utf8')));
  expect(served.remotes.mf_chat!.manifest?.routes.map((r) => r.path)).toEqual(['/chats']);
});

it('a redeploy moves the pointer and its manifest together; a new remote is added with its entry', async () => {
  const { dir, publish } = publishedDir();
  const deployments = mkdtempSync(path.join(tmpdir(), 'deployments-'));
  writeFileSync(path.join(deployments, 'main.json'), JSON.stringify(withManifests({ id: 'main', remotes: { mf_chat: source.remotes.mf_chat } }, dir)));
  await pointDeployment(deployments, 'main', 'mf-chat', '0.2.0', { publishedDir: dir });
  let after = JSON.parse(readFileSync(path.join(deployments, 'main.json'), 'utf8'));
  expect(after.remotes.mf_chat.entry).toBe('http://localhost:3001/0.2.0/mf-manifest.json');
  expect(after.remotes.mf_chat.manifest.routes.map((r: { path: string }) => r.path)).toEqual(['/chats', '/chats/new-route']);

  await expect(pointDeployment(deployments, 'main', 'mf-chat', '7.7.7', { publishedDir: dir })).rejects.toThrow(/mf-chat 7\.7\.7 is not published/);
  publish('mf-fixture', '0.1.0', { ...manifest('mf_fixture', '0.1.0'), routes: [{ path: '/fixture', page: 'fixture' }] });
  await pointDeployment(deployments, 'main', 'mf-fixture', '0.1.0', { publishedDir: dir, newEntry: 'http://localhost:3006/0.1.0/mf-manifest.json' });
  after = JSON.parse(readFileSync(path.join(deployments, 'main.json'), 'utf8'));
  expect(after.remotes.mf_fixture).toMatchObject({ entry: 'http://localhost:3006/0.1.0/mf-manifest.json', enabled: true, manifest: { name: 'mf_fixture' } });
});

it('leaves an unversioned entry (a dev server) without a manifest: the host reads it beside the entry', () => {
  const { dir } = publishedDir();
  const served = withManifests({ remotes: { mf_chat: { entry: 'http://localhost:3001/mf-manifest.json', enabled: true } } }, dir);
  expect(served.remotes!.mf_chat).toEqual({ entry: 'http://localhost:3001/mf-manifest.json', enabled: true });
});
