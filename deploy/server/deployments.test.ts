import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DeploymentSchema, enabledRemotes } from '@fable/contracts';
import { deploymentForHost, hostnameOf, loadDeployments } from './deployments';

const dir = path.join(__dirname, '../deployments');

describe('the deployments we ship', () => {
  it('are all valid and named after their file', async () => {
    const deployments = await loadDeployments(dir);
    expect(deployments.map((d) => `${d.id}.json`).sort()).toEqual(readdirSync(dir).filter((f) => f.endsWith('.json')).sort());
  });

  it('give every hostname to exactly one deployment', async () => {
    const hostnames = (await loadDeployments(dir)).flatMap((d) => d.hostnames);
    expect(new Set(hostnames).size).toBe(hostnames.length);
  });

  it('include a main brand, a sister brand and a partner without billing and creator', async () => {
    const deployments = await loadDeployments(dir);
    const byKind = (kind: string) => deployments.filter((d) => d.kind === kind);
    expect(byKind('main').map((d) => d.id).sort()).toEqual(['dev', 'main']);
    expect(byKind('sister')[0]?.brand.name).not.toBe(byKind('main')[0]?.brand.name);
    const partner = byKind('partner')[0]!;
    expect(partner.partner.enabled).toBe(true);
    expect(enabledRemotes(partner)).toEqual(['mf_chat', 'mf_discovery', 'mf_account']);
  });
});

describe('deploymentForHost', () => {
  it('finds by hostname, ignoring the port and case', async () => {
    const deployments = await loadDeployments(dir);
    expect(deploymentForHost(deployments, hostnameOf('Partner.Localhost:4300'))?.id).toBe('partner-x');
    expect(deploymentForHost(deployments, hostnameOf('localhost:3000'))?.id).toBe('main');
    expect(deploymentForHost(deployments, hostnameOf('nope.localhost'))).toBeNull();
  });
});

describe('embedders', () => {
  it('are none unless a deployment lists them, and only origins', async () => {
    const [main] = (await loadDeployments(dir)).filter((d) => d.id === 'main');
    expect(main!.embedders).toEqual([]);
    const withEmbedders = (embedders: string[]) => DeploymentSchema.safeParse({ ...main, embedders }).success;
    expect(withEmbedders(['https://partner.example', 'https://*.partner.example', 'http://localhost:8080'])).toBe(true);
    for (const bad of ['https://partner.example/page', 'partner.example', "https://partner.example 'unsafe-inline'", '*', 'https://a.example;script-src *']) {
      expect(withEmbedders([bad])).toBe(false);
    }
  });
});

describe('loadDeployments over time', () => {
  it('reads a folder again only when a file changed, and never keeps a broken read', async () => {
    const { mkdtempSync, writeFileSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const folder = mkdtempSync(path.join(tmpdir(), 'deployments-'));
    try {
      const main = JSON.parse(readFileSync(path.join(dir, 'main.json'), 'utf8')) as { brand: { name: string } };
      writeFileSync(path.join(folder, 'main.json'), JSON.stringify(main));
      const first = await loadDeployments(folder);
      expect(await loadDeployments(folder)).toBe(first);

      writeFileSync(path.join(folder, 'main.json'), JSON.stringify({ ...main, brand: { ...main.brand, name: 'Renamed' } }));
      expect((await loadDeployments(folder))[0]?.brand.name).toBe('Renamed');

      writeFileSync(path.join(folder, 'main.json'), '{ not json');
      await expect(loadDeployments(folder)).rejects.toThrow();
      writeFileSync(path.join(folder, 'main.json'), JSON.stringify(main));
      expect((await loadDeployments(folder))[0]?.brand.name).toBe(main.brand.name);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
