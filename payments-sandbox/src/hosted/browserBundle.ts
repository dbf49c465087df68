// The hosted pages' scripts are TypeScript beside the server (browser/*.ts, sharing cards/cardChecks.ts with it),
// bundled once by esbuild when first asked for.
import { buildSync } from 'esbuild';
import path from 'node:path';

const bundles = new Map<string, string>();

export function browserBundle(name: 'cardFields' | 'challenge'): string {
  const cached = bundles.get(name);
  if (cached) return cached;
  const result = buildSync({
    entryPoints: [path.join(__dirname, 'browser', `${name}.ts`)],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  bundles.set(name, code);
  return code;
}
