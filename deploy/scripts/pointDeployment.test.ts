import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pointDeployment, pointEntry } from './pointDeployment';

it('replaces only the version segment of an entry', () => {
  expect(pointEntry('http://localhost:3001/0.1.0/mf-manifest.json', '0.1.1')).toBe('http://localhost:3001/0.1.1/mf-manifest.json');
  expect(pointEntry('/remotes/mf-chat/0.1.0/mf-manifest.json', '2.0.0')).toBe('/remotes/mf-chat/2.0.0/mf-manifest.json');
  expect(() => pointEntry('http://localhost:3001/remoteEntry.js', '1')).toThrow(/not <origin>/);
});

it('rewrites one remote of one deployment and leaves the rest', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'deployments-'));
  const deployment = {
    id: 'main',
    remotes: {
      mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json', enabled: true },
      mf_account: { entry: 'http://localhost:3005/0.1.0/mf-manifest.json', enabled: true },
    },
  };
  writeFileSync(path.join(dir, 'main.json'), JSON.stringify(deployment));
  await pointDeployment(dir, 'main', 'mf-chat', '0.2.0');
  const after = JSON.parse(readFileSync(path.join(dir, 'main.json'), 'utf8'));
  expect(after.remotes.mf_chat.entry).toBe('http://localhost:3001/0.2.0/mf-manifest.json');
  expect(after.remotes.mf_account.entry).toBe('http://localhost:3005/0.1.0/mf-manifest.json');
  await expect(pointDeployment(dir, 'main', 'mf-billing', '1.0.0')).rejects.toThrow(/no remote mf_billing/);
});
