import { retryPlugin } from './retryPlugin';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const response = (status: number) => ({ status }) as Response;

it('retries a manifest fetch that failed or answered 5xx, with backoff, and returns the first good answer', async () => {
  const sleep = jest.fn(async () => undefined);
  const answers = [Promise.reject(new TypeError('Failed to fetch')), Promise.resolve(response(503)), Promise.resolve(response(200))];
  globalThis.fetch = jest.fn(() => answers.shift()!) as typeof fetch;
  const plugin = retryPlugin({ retries: 2, delayMs: 100, sleep });
  const result = await (plugin.fetch as (url: string, init: RequestInit) => Promise<Response>)('http://r/mf-manifest.json', {});
  expect(result.status).toBe(200);
  expect(sleep.mock.calls).toEqual([[100], [200]]);
});

it('gives up after its retries: the last answer or error goes to the runtime (and the fallback)', async () => {
  globalThis.fetch = jest.fn(async () => response(502)) as typeof fetch;
  const plugin = retryPlugin({ retries: 1, delayMs: 1, sleep: async () => undefined });
  expect((await (plugin.fetch as (url: string, init: RequestInit) => Promise<Response>)('u', {})).status).toBe(502);
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  await expect((plugin.fetch as (url: string, init: RequestInit) => Promise<Response>)('u', {})).rejects.toThrow('Failed to fetch');
});

it('does not retry a 404: the remote is not there, asking again will not help', async () => {
  globalThis.fetch = jest.fn(async () => response(404)) as typeof fetch;
  const plugin = retryPlugin({ retries: 3, delayMs: 1, sleep: async () => undefined });
  expect((await (plugin.fetch as (url: string, init: RequestInit) => Promise<Response>)('u', {})).status).toBe(404);
  expect(globalThis.fetch).toHaveBeenCalledTimes(1);
});

it('loads a remote entry script again after it failed, forgetting the failed load', async () => {
  const entry = { init: jest.fn(), get: jest.fn() };
  const getRemoteEntry = jest.fn().mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce(entry);
  const globalLoading: Record<string, Promise<unknown> | undefined> = { key: Promise.resolve(undefined) };
  const plugin = retryPlugin({ retries: 2, delayMs: 1, sleep: async () => undefined });
  const args = { getRemoteEntry, origin: {}, remoteInfo: {}, uniqueKey: 'key', globalLoading } as never;
  await expect(plugin.loadEntryError!(args)).resolves.toBe(entry);
  expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  expect(globalLoading.key).toBeUndefined();
});
