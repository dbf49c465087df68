import { movePorts } from './localDeployments';

it('moves every localhost remote origin to the new port base and leaves the rest', () => {
  const json = JSON.stringify({
    remotes: {
      mf_chat: { entry: 'http://localhost:3001/0.1.0/mf-manifest.json' },
      mf_account: { entry: 'http://localhost:3005/0.1.0/mf-manifest.json' },
      other: { entry: 'https://cdn.example/3001/mf-manifest.json' },
    },
  });
  const moved = JSON.parse(movePorts(json, 4100));
  expect(moved.remotes.mf_chat.entry).toBe('http://localhost:4101/0.1.0/mf-manifest.json');
  expect(moved.remotes.mf_account.entry).toBe('http://localhost:4105/0.1.0/mf-manifest.json');
  expect(moved.remotes.other.entry).toBe('https://cdn.example/3001/mf-manifest.json');
});
