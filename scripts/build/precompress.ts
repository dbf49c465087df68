// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of a build, once, at build time: the
// static server picks one by Accept-Encoding (deploy/server/staticSite.ts) and never compresses on a request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing. HTML is left out (the host's page is rewritten per response: its CSP nonce), and
 * source maps (only developer tools read them, and brotli's best level is slow on their size). */
export const COMPRESSIBLE = /\.(m?js|css|json|svg|txt)$/;
/** Below this, compression saves less than the headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(full);
      return Promise.resolve(entry.isFile() ? [full] : []);
    }),
  );
  return nested.flat();
}

/** Compresses each file of the folder; a copy that would not be smaller is not written. Returns the files compressed. */
export async function precompress(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const done: string[] = [];
  for (const file of files) {
    const original = await readFile(file);
    if (original.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(original, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: original.length } }),
      gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < original.length) await writeFile(`${file}.br`, br);
    if (gz.length < original.length) await writeFile(`${file}.gz`, gz);
    done.push(file);
  }
  return done;
}
