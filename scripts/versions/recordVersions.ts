// npm run versions: records the API surface of @fable/contracts and @fable/shared and bumps their versions as the
// change requires (scripts/versions/apiSurface.ts), updating the ranges every workspace depends on them with.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, workspaces } from '../lib/workspaces.cjs';
import { VERSIONED_PACKAGES, compareSurfaces, currentSurface, nextVersion, packageVersion, recordedSurface } from './apiSurface';

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function record() {
  for (const pkg of Object.keys(VERSIONED_PACKAGES)) {
    const current = currentSurface(pkg);
    const recorded = existsSync(path.join(ROOT, pkg, 'api-surface.json')) ? recordedSurface(pkg) : null;
    const version = recorded ? nextVersion(recorded.version, compareSurfaces(recorded.exports, current)) : packageVersion(pkg);
    writeFileSync(path.join(ROOT, pkg, 'api-surface.json'), `${JSON.stringify({ version, exports: current }, null, 2)}\n`);
    const manifestFile = path.join(ROOT, pkg, 'package.json');
    const manifest = readJson(manifestFile);
    if (manifest.version !== version) {
      manifest.version = version;
      writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
      const name = `@fable/${pkg}`;
      for (const workspace of workspaces()) {
        const file = path.join(ROOT, workspace, 'package.json');
        const json = readJson(file);
        const deps = json.dependencies as Record<string, string> | undefined;
        if (deps?.[name]) {
          deps[name] = `^${version}`;
          writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
        }
      }
      console.log(`${name} ${recorded?.version ?? '?'} → ${version}: run npm install to update package-lock.json`);
    } else {
      console.log(`@fable/${pkg} ${version}: surface recorded`);
    }
  }
}

record();
