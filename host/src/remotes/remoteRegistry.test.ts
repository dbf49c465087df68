import { registerRemotes } from '@module-federation/enhanced/runtime';
import { deploymentFixture } from '@fable/shared/testing';
import { inRollout } from '@fable/contracts';
import { refusalOf, registerShellRemotes, reregisterRemote, resolveRemotes, versionOf } from './remoteRegistry';
import { shellRemotesFixture } from '../testing/shellRemotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));

const HOST = { contractsVersion: '1.2.0', sharedVersion: '1.0.3' };
const published = (name: string, versions: Partial<typeof HOST> = {}) => {
  const remote = shellRemotesFixture(deploymentFixture()).find((r) => r.name === name)!;
  return { ...remote.manifest, ...HOST, ...versions };
};

beforeEach(() => {
  jest.mocked(registerRemotes).mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

it('reads the manifests inlined in the deployment, without a request', async () => {
  const deployment = deploymentFixture({
    remotes: { mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json', manifest: published('mf_chat') } },
  });
  const fetchJson = jest.fn();
  const remotes = await resolveRemotes(deployment, fetchJson, HOST);
  expect(fetchJson).not.toHaveBeenCalled();
  expect(remotes).toEqual([expect.objectContaining({ name: 'mf_chat', refusal: null })]);
  expect(remotes[0]!.manifest.routes.map((r) => r.path)).toContain('/chats');
});

it('reads a source deployment\'s manifests beside their entries (development), and leaves out one that does not validate', async () => {
  const deployment = deploymentFixture({
    remotes: {
      mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json' },
      mf_account: { entry: 'http://localhost:3005/0.1.0/mf-manifest.json' },
    },
  });
  const fetchJson = jest.fn(async (url: string) =>
    url === 'http://localhost:3001/0.1.0/fable-remote.json' ? { status: 200, body: published('mf_chat') } : { status: 200, body: { name: 'mf_account' } },
  );
  const remotes = await resolveRemotes(deployment, fetchJson, HOST);
  expect(remotes.map((r) => r.name)).toEqual(['mf_chat']);
  expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/mf_account: its manifest could not be read/), expect.anything());
});

it('refuses a remote built against another major of @fable/shared or @fable/contracts, before registering it, and says why', async () => {
  const deployment = deploymentFixture({
    remotes: {
      mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json', manifest: published('mf_chat', { sharedVersion: '2.0.0' }) },
      mf_account: { entry: 'http://localhost:3005/0.1.0/mf-manifest.json', manifest: published('mf_account', { contractsVersion: '0.9.0' }) },
      mf_discovery: { entry: 'http://localhost:3002/0.1.0/mf-manifest.json', manifest: published('mf_discovery', { sharedVersion: '1.9.0' }) },
    },
  });
  const remotes = await resolveRemotes(deployment, jest.fn(), HOST);
  expect(remotes.map((r) => [r.name, r.refusal])).toEqual([
    ['mf_chat', 'mf_chat was built against @fable/shared 2.0.0, the host runs 1.0.3: major versions differ, not mounted'],
    ['mf_account', 'mf_account was built against @fable/contracts 0.9.0, the host runs 1.2.0: major versions differ, not mounted'],
    ['mf_discovery', null],
  ]);
  registerShellRemotes(remotes);
  expect(jest.mocked(registerRemotes).mock.calls[0]![0].map((r) => r.name)).toEqual(['mf_discovery']);
  expect(refusalOf('mf_chat')).toMatch(/major versions differ/);
  expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/\[fable\] mf_chat was built against @fable\/shared 2\.0\.0/));
});

it('refuses a deployment entry that points at another remote\'s manifest', async () => {
  const deployment = deploymentFixture({ remotes: { mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json', manifest: published('mf_account') } } });
  const [remote] = await resolveRemotes(deployment, jest.fn(), HOST);
  expect(remote!.refusal).toMatch(/mf_chat publishes the manifest of mf_account/);
});

describe('a remote being rolled out', () => {
  const deploymentRolling = (share: number) =>
    deploymentFixture({
      remotes: {
        mf_chat: {
          entry: 'http://localhost:3001/0.1.0/mf-manifest.json',
          manifest: published('mf_chat'),
          canary: { entry: 'http://localhost:3001/0.2.0/mf-manifest.json', share, manifest: { ...published('mf_chat'), buildVersion: '0.2.0' } },
        },
      },
    });
  const keys = Array.from({ length: 40 }, (_, i) => `key-${i}`);
  const inside = keys.find((key) => inRollout(key, 'mf_chat', 50))!;
  const outside = keys.find((key) => !inRollout(key, 'mf_chat', 50))!;

  it('gives this page the rolled-out version when its key is in the share, the deployment\'s otherwise', async () => {
    const [rolled] = await resolveRemotes(deploymentRolling(50), jest.fn(), HOST, inside);
    expect(rolled).toMatchObject({ entry: 'http://localhost:3001/0.2.0/mf-manifest.json', manifest: { buildVersion: '0.2.0' } });
    const [kept] = await resolveRemotes(deploymentRolling(50), jest.fn(), HOST, outside);
    expect(kept).toMatchObject({ entry: 'http://localhost:3001/0.1.0/mf-manifest.json', manifest: { buildVersion: '0.1.0' } });
    registerShellRemotes([rolled!]);
    expect(versionOf('mf_chat')).toBe('0.2.0');
  });

  it('moves a page off a version rolled back since when it registers the remote again with the deployment of now', async () => {
    const [rolled] = await resolveRemotes(deploymentRolling(50), jest.fn(), HOST, inside);
    registerShellRemotes([rolled!]);
    jest.mocked(registerRemotes).mockClear();
    await reregisterRemote('mf_chat', { deployment: deploymentRolling(0), fetchJson: jest.fn(), rolloutKey: inside, host: HOST });
    expect(jest.mocked(registerRemotes)).toHaveBeenCalledWith([{ name: 'mf_chat', entry: 'http://localhost:3001/0.1.0/mf-manifest.json' }], { force: true });
    expect(versionOf('mf_chat')).toBe('0.1.0');
    // Without the deployment (the server could not be asked) the page keeps what it had.
    await reregisterRemote('mf_chat');
    expect(jest.mocked(registerRemotes)).toHaveBeenLastCalledWith([{ name: 'mf_chat', entry: 'http://localhost:3001/0.1.0/mf-manifest.json' }], { force: true });
  });
});
