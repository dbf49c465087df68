import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './precompress';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fable-precompress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes .br and .gz beside each compressible file, in nested folders too, that decompress to the original', async () => {
    const script = `console.log(${JSON.stringify('story '.repeat(500))});`;
    mkdirSync(path.join(dir, 'chunks'));
    writeFileSync(path.join(dir, 'main.0123456789.js'), script);
    writeFileSync(path.join(dir, 'chunks/manifest.json'), JSON.stringify({ text: 'x'.repeat(4000) }));
    const compressed = await precompress(dir);
    expect(compressed.map((f) => path.relative(dir, f)).sort()).toEqual(['chunks/manifest.json', 'main.0123456789.js']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'main.0123456789.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, 'main.0123456789.js.gz'))).toString()).toBe(script);
    expect(existsSync(path.join(dir, 'chunks/manifest.json.br'))).toBe(true);
  });

  it('leaves alone small files, images, and the HTML page', async () => {
    writeFileSync(path.join(dir, 'tiny.js'), 'export {};');
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>page</p>'.repeat(300)}`);
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4000, 1));
    await precompress(dir);
    for (const file of ['tiny.js', 'index.html', 'logo.png']) {
      expect(existsSync(path.join(dir, `${file}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${file}.gz`))).toBe(false);
    }
  });
});
