import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDiskObjectStore } from './diskObjectStore';
import { createMemoryObjectStore } from './memoryObjectStore';
import type { ObjectStore } from './objectStore';

describe.each([
  ['disk', () => createDiskObjectStore(mkdtempSync(path.join(tmpdir(), 'fable-store-')))],
  ['memory', () => createMemoryObjectStore()],
])('%s object store', (_kind, open) => {
  let store: ObjectStore;
  beforeEach(() => {
    store = open();
  });
  afterEach(async () => store.close());

  it('puts, reads, sizes, overwrites and deletes objects with their content type', async () => {
    expect(await store.get('images/a/48x48.webp')).toBeNull();
    expect(await store.size('images/a/48x48.webp')).toBeNull();
    await store.put('images/a/48x48.webp', Buffer.from('one'), 'image/webp');
    expect(await store.get('images/a/48x48.webp')).toEqual({ bytes: Buffer.from('one'), contentType: 'image/webp' });
    await store.put('images/a/48x48.webp', Buffer.from('second'), 'image/png');
    expect(await store.get('images/a/48x48.webp')).toEqual({ bytes: Buffer.from('second'), contentType: 'image/png' });
    expect(await store.size('images/a/48x48.webp')).toBe(6);
    await store.delete('images/a/48x48.webp');
    await store.delete('images/a/48x48.webp');
    expect(await store.get('images/a/48x48.webp')).toBeNull();
    expect(store.directUpload).toBeUndefined();
  });

  it('refuses keys that could leave its place', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'A/b', '', 'a/./b', 'a\\b']) {
      await expect(store.get(key)).rejects.toThrow(/invalid object key/);
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid object key/);
    }
  });
});

it('the disk store writes whole files only, leaving no temporary files behind', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'fable-store-'));
  const store = createDiskObjectStore(root);
  await Promise.all(Array.from({ length: 20 }, (_, i) => store.put('k/v', Buffer.alloc(10_000 + i, i), 'application/octet-stream')));
  const stored = await store.get('k/v');
  expect(stored!.bytes.every((b) => b === stored!.bytes[0])).toBe(true);
  expect(stored!.bytes.length).toBe(10_000 + stored!.bytes[0]!);
  expect(readdirSync(path.join(root, 'k')).sort()).toEqual(['v', 'v.type']);
  await expect(store.get('k/v.type')).rejects.toThrow(/invalid object key/);
});
