import yauzl from 'yauzl';
import { CARD_CAPS } from './cardCaps';
import { CardFailure } from './cardErrors';
import { zipFrom } from './cardTestFiles';
import { readCharx, writeCharx } from './charx';

const codeOf = async (bytes: Uint8Array) => {
  try {
    await readCharx(bytes);
    return undefined;
  } catch (error) {
    if (error instanceof CardFailure) return error.code;
    throw error;
  }
};

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** readCharx's answer, and how many inflated bytes each entry it opened delivered to it (none opened: []). */
async function readWatchingEntries(bytes: Uint8Array) {
  const inflated: number[] = [];
  const open = yauzl.ZipFile.prototype.openReadStream;
  const spy = jest.spyOn(yauzl.ZipFile.prototype, 'openReadStream').mockImplementation(function (this: yauzl.ZipFile, ...args: unknown[]) {
    const callback = args.pop() as (err: Error | null, stream?: NodeJS.ReadableStream) => void;
    const index = inflated.push(0) - 1;
    (open as (...a: unknown[]) => void).call(this, ...args, (err: Error | null, stream?: NodeJS.ReadableStream) => {
      stream?.on('data', (chunk: Buffer) => (inflated[index]! += chunk.length));
      callback(err, stream);
    });
  });
  try {
    return { code: await codeOf(bytes), inflated };
  } finally {
    spy.mockRestore();
  }
}

describe('readCharx', () => {
  it('reads the files of a zip by path, directories left out, stored and deflated alike', async () => {
    const zip = zipFrom([
      { name: 'card.json', data: utf8('{"spec":"chara_card_v3"}') },
      { name: 'assets/', data: Buffer.alloc(0), method: 0 },
      { name: 'assets/icon/images/main.png', data: Buffer.from([1, 2, 3]), method: 0 },
    ]);
    const files = await readCharx(zip);
    expect([...files.keys()]).toEqual(['card.json', 'assets/icon/images/main.png']);
    expect(Buffer.from(files.get('card.json')!).toString()).toBe('{"spec":"chara_card_v3"}');
  });

  it.each([
    ['../evil.txt'],
    ['assets/../../evil.txt'],
    ['/etc/passwd'],
    ['C:/Windows/evil.dll'],
    ['assets\\..\\evil.txt'],
    ['assets/./x.png'],
    ['assets//x.png'],
  ])('refuses an entry named %j (path traversal)', async (name) => {
    const zip = zipFrom([{ name: 'card.json', data: utf8('{}') }, { name, data: utf8('x') }]);
    expect(await codeOf(zip)).toBe('charx_unsafe_path');
  });

  it('refuses more entries than the cap, before reading any', async () => {
    const entries = Array.from({ length: CARD_CAPS.charxMaxEntries + 1 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.alloc(0), method: 0 as const }));
    expect(await codeOf(zipFrom(entries))).toBe('charx_too_many_entries');
  });

  it('refuses a zip bomb that declares its size, without inflating it', async () => {
    const bomb = zipFrom([{ name: 'card.json', data: Buffer.alloc(CARD_CAPS.charxMaxUnpackedBytes + 1) }]);
    expect(bomb.length).toBeLessThan(100_000);
    const { code, inflated } = await readWatchingEntries(bomb);
    expect(code).toBe('charx_too_large');
    expect(inflated).toEqual([]);
  });

  it('refuses a zip bomb that lies about its size, stopping while inflating', async () => {
    const bomb = zipFrom([{ name: 'card.json', data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1000 }]);
    const { code, inflated } = await readWatchingEntries(bomb);
    expect(code).toBe('charx_too_large');
    // One entry opened, and given up within its first chunks, not after 64 MiB.
    expect(inflated).toHaveLength(1);
    expect(inflated[0]).toBeLessThan(1024 * 1024);
  });

  it('refuses many honest entries that together unpack past the cap', async () => {
    const part = Buffer.alloc(CARD_CAPS.charxMaxUnpackedBytes / 4 + 1);
    const zip = zipFrom(Array.from({ length: 4 }, (_, i) => ({ name: `part${i}.bin`, data: part })));
    expect(await codeOf(zip)).toBe('charx_too_large');
  });

  it('refuses an encrypted entry', async () => {
    expect(await codeOf(zipFrom([{ name: 'card.json', data: utf8('{}'), encrypted: true }]))).toBe('charx_encrypted');
  });

  it.each([
    ['bytes that are not a zip', utf8('PK\u0003\u0004 and then nothing a zip should hold')],
    ['a zip cut in half', (() => {
      const zip = zipFrom([{ name: 'card.json', data: Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251)) }]);
      return zip.subarray(0, zip.length >> 1);
    })()],
    ['a zip whose data is not deflate', zipFrom([{ name: 'card.json', data: utf8('hello'), body: Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]) }])],
  ])('refuses %s as a damaged CHARX', async (_name, bytes) => {
    expect(await codeOf(bytes)).toBe('charx_invalid');
  });
});

describe('writeCharx', () => {
  it('writes a zip another reader lists, card.json first, contents intact', async () => {
    const zip = await writeCharx(
      [
        { path: 'card.json', bytes: utf8('{"spec":"chara_card_v3"}') },
        { path: 'assets/icon/images/main.png', bytes: Buffer.from([0x89, 0x50]) },
      ],
      new Date('2026-01-02T03:04:06Z'),
    );
    const reader = await yauzl.fromBufferPromise(Buffer.from(zip), { lazyEntries: true });
    const names: string[] = [];
    for await (const entry of reader.eachEntry()) names.push(entry.fileName);
    expect(names).toEqual(['card.json', 'assets/icon/images/main.png']);
    const files = await readCharx(zip);
    expect(Buffer.from(files.get('card.json')!).toString()).toBe('{"spec":"chara_card_v3"}');
  });
});
