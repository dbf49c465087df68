import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DeploymentSchema, type Deployment, type DeploymentInput } from '@fable/contracts';
import { builtAgainstOf, createRemotePreloads, remoteFilesOf, remoteForPath, routeScore, REMOTE_FILES_TTL_MS } from './remotePreloads';

/** The versions the host was built against (its page's meta). */
const HOST = { contractsVersion: '25.1.0', sharedVersion: '7.2.0' };

const versions = { buildVersion: '1.2.0', contractsVersion: '25.0.0', sharedVersion: '7.0.0' };
const manifest = (name: string, paths: string[]) => ({
  name,
  displayName: name,
  routes: paths.map((path, i) => ({ path, page: `page${i}` })),
  ...versions,
});

/** The main brand's source deployment, with these remotes. */
function deployment(remotes: DeploymentInput['remotes']): Deployment {
  const main = JSON.parse(readFileSync(path.join(__dirname, '../deployments/main.json'), 'utf8')) as DeploymentInput;
  return DeploymentSchema.parse({
    ...main,
    remotes,
  });
}

const site = deployment({
  mf_discovery: { entry: 'https://cdn.example/discovery/1.2.0/mf-manifest.json', manifest: manifest('mf_discovery', ['/', '/chatbot/:characterId']) },
  mf_creator: { entry: '/creator/1.2.0/mf-manifest.json', manifest: manifest('mf_creator', ['/chatbot/create', '/my-chatbots']) },
  mf_chat: { entry: 'https://cdn.example/chat/2.0.0/mf-manifest.json', manifest: manifest('mf_chat', ['/chat/:characterId']), enabled: false },
  mf_billing: {
    entry: 'https://cdn.example/billing/1.0.0/mf-manifest.json',
    manifest: manifest('mf_billing', ['/subscribe']),
    canary: { entry: 'https://cdn.example/billing/1.1.0/mf-manifest.json', share: 10, manifest: manifest('mf_billing', ['/subscribe']) },
  },
});

const mfManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.abc.js', path: '' } },
  exposes: [
    { path: './routes', assets: { js: { sync: ['__federation_expose_routes.def.js'], async: ['575.x.js'] } } },
    { path: './other', assets: { js: { sync: ['other.js'] } } },
  ],
};

describe('which remote serves a page', () => {
  it('matches static segments case-insensitively and parameters by position', () => {
    expect(routeScore('/chatbot/:characterId', '/chatbot/abc')).toBe(1);
    expect(routeScore('/chatbot/create', '/Chatbot/Create/')).toBe(2);
    expect(routeScore('/chatbot/:characterId', '/chatbot/abc/more')).toBe(-1);
    expect(routeScore('/', '/')).toBe(0);
    expect(routeScore('/chatbot/create', '/chatbot/%E0%A4')).toBe(-1);
  });

  it('prefers the most static route, leaves out disabled remotes and remotes rolled out to a share', () => {
    expect(remoteForPath(site, '/chatbot/create', HOST)?.name).toBe('mf_creator');
    expect(remoteForPath(site, '/chatbot/abc', HOST)?.name).toBe('mf_discovery');
    expect(remoteForPath(site, '/', HOST)?.name).toBe('mf_discovery');
    expect(remoteForPath(site, '/chat/abc', HOST)).toBeNull();
    expect(remoteForPath(site, '/subscribe', HOST)).toBeNull();
    expect(remoteForPath(site, '/nowhere', HOST)).toBeNull();
  });

  it('leaves out a remote the host refuses: built against another major, or publishing another remote’s manifest', () => {
    expect(remoteForPath(site, '/', { ...HOST, sharedVersion: '8.0.0' })).toBeNull();
    expect(remoteForPath(site, '/', { ...HOST, contractsVersion: '24.9.0' })).toBeNull();
    const swapped = deployment({ mf_discovery: { entry: 'https://cdn.example/d/mf-manifest.json', manifest: manifest('mf_chat', ['/']) } });
    expect(remoteForPath(swapped, '/', HOST)).toBeNull();
  });

  it('reads the host’s versions from its page', () => {
    expect(builtAgainstOf('<head><meta name="fable-built-against" content="contracts=25.0.0; shared=7.0.0"></head>')).toEqual({
      contractsVersion: '25.0.0',
      sharedVersion: '7.0.0',
    });
    expect(builtAgainstOf('<head></head>')).toBeNull();
  });
});

describe('a remote’s start files', () => {
  it('are its entry and its ./routes sync chunks, beside the manifest (publicPath auto) or under its publicPath', () => {
    expect(remoteFilesOf(mfManifest, 'https://cdn.example/discovery/1.2.0/mf-manifest.json').scripts).toEqual([
      'https://cdn.example/discovery/1.2.0/remoteEntry.abc.js',
      'https://cdn.example/discovery/1.2.0/__federation_expose_routes.def.js',
    ]);
    const underPath = { ...mfManifest, metaData: { publicPath: 'https://static.example/d/', remoteEntry: { name: 'remoteEntry.abc.js', path: 'entry' } } };
    expect(remoteFilesOf(underPath, 'https://cdn.example/discovery/1.2.0/mf-manifest.json').scripts).toEqual([
      'https://static.example/d/entry/remoteEntry.abc.js',
      'https://static.example/d/__federation_expose_routes.def.js',
    ]);
    expect(remoteFilesOf({}, 'https://cdn.example/x/mf-manifest.json').scripts).toEqual([]);
  });
});

describe('the page’s preload links', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('name the manifest at once, and the scripts once it was read (in the background, kept for a while)', async () => {
    const reads: string[] = [];
    let clock = 0;
    const preloads = createRemotePreloads({
      now: () => clock,
      fetchManifest: async (url) => {
        reads.push(url);
        return mfManifest;
      },
    });
    const first = preloads.linksFor(site, '/', 'http://localhost:8080', HOST);
    expect(first).toBe('<link rel="preload" as="fetch" crossorigin="anonymous" href="https://cdn.example/discovery/1.2.0/mf-manifest.json">');
    await settle();
    const next = preloads.linksFor(site, '/chatbot/abc', 'http://localhost:8080', HOST);
    expect(next).toContain('<link rel="preload" as="script" href="https://cdn.example/discovery/1.2.0/remoteEntry.abc.js">');
    expect(next).toContain('__federation_expose_routes.def.js');
    expect(reads).toHaveLength(1);
    // A relative entry is the page's origin's.
    expect(preloads.linksFor(site, '/my-chatbots', 'https://fable.example', HOST)).toContain('href="https://fable.example/creator/1.2.0/mf-manifest.json"');
    await settle();
    expect(reads).toEqual(['https://cdn.example/discovery/1.2.0/mf-manifest.json', 'https://fable.example/creator/1.2.0/mf-manifest.json']);
    // Read again after a while, answering from what it knows meanwhile.
    clock += REMOTE_FILES_TTL_MS;
    expect(preloads.linksFor(site, '/', 'http://localhost:8080', HOST)).toContain('remoteEntry.abc.js');
    await settle();
    expect(reads).toHaveLength(3);
  });

  it('never hold the page nor fail it: a manifest that cannot be read gives the manifest link alone, and is tried again', async () => {
    const errors: unknown[] = [];
    let attempts = 0;
    const preloads = createRemotePreloads({
      onError: (error) => errors.push(error),
      fetchManifest: async () => {
        attempts += 1;
        throw new Error('down');
      },
    });
    preloads.linksFor(site, '/', 'http://localhost', HOST);
    await settle();
    expect(preloads.linksFor(site, '/', 'http://localhost', HOST)).not.toContain('as="script"');
    await settle();
    expect(attempts).toBe(2);
    expect(errors).toHaveLength(2);
    // A Host header that makes no origin, with a relative entry: nothing.
    expect(preloads.linksFor(site, '/my-chatbots', 'http://bad host:x', HOST)).toBe('');
    expect(preloads.linksFor(site, '/nowhere', 'http://localhost', HOST)).toBe('');
  });
});
