// The public API surface of the packages every app is built against (@fable/contracts, @fable/shared), and the
// semantic version it implies. The version is not typed by hand: `npm run versions` compares the surface with the
// one recorded at the last version (api-surface.json beside package.json) and bumps it: major when an export was
// removed or its type changed, minor when one was added. The test beside this file fails while a change is not
// recorded, so a version never claims compatibility its code does not have. The host refuses a remote built
// against another major (host/src/remotes/remoteRegistry.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from '../lib/workspaces.cjs';

/** The packages and their public entries (test helpers are not part of what remotes run against). */
export const VERSIONED_PACKAGES: Record<string, readonly string[]> = {
  contracts: ['src/index.ts'],
  shared: ['src/index.ts', 'src/forms/index.ts', 'src/api/charactersApi.ts'],
};

export interface Surface {
  version: string;
  /** `<entry>#<export name>` → a hash of the export's type. */
  exports: Record<string, string>;
}

/** A hash of a type's text, without where the repository happens to be checked out (types print import paths). */
const hash = (text: string) => createHash('sha256').update(text.split(ROOT).join('<root>')).digest('hex').slice(0, 16);

/** The exports of a package's entries, each with a hash of its type as the compiler prints it. */
export function currentSurface(pkg: string): Record<string, string> {
  const dir = path.join(ROOT, pkg);
  const entries = VERSIONED_PACKAGES[pkg]!.map((entry) => path.join(dir, entry));
  const config = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const program = ts.createProgram(entries, { ...(config?.options ?? {}), noEmit: true });
  const checker = program.getTypeChecker();
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType;
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const file = program.getSourceFile(entry);
    const moduleSymbol = file && checker.getSymbolAtLocation(file);
    if (!moduleSymbol) throw new Error(`${entry}: not a module`);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0];
      const parts: string[] = [];
      if (symbol.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) {
        parts.push(`type ${checker.typeToString(checker.getDeclaredTypeOfSymbol(symbol), undefined, flags)}`);
      }
      if (symbol.flags & ts.SymbolFlags.Value && declaration) {
        parts.push(`value ${checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, declaration), undefined, flags)}`);
      }
      out[`${path.relative(dir, entry)}#${exported.name}`] = hash(parts.join('\n'));
    }
  }
  return out;
}

export function recordedSurface(pkg: string): Surface {
  return JSON.parse(readFileSync(path.join(ROOT, pkg, 'api-surface.json'), 'utf8')) as Surface;
}

export function packageVersion(pkg: string): string {
  return (JSON.parse(readFileSync(path.join(ROOT, pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface SurfaceChange {
  removed: string[];
  changed: string[];
  added: string[];
}

export function compareSurfaces(recorded: Record<string, string>, current: Record<string, string>): SurfaceChange {
  return {
    removed: Object.keys(recorded).filter((name) => !(name in current)),
    changed: Object.keys(recorded).filter((name) => name in current && current[name] !== recorded[name]),
    added: Object.keys(current).filter((name) => !(name in recorded)),
  };
}

/** The version a change of surface leads to from `version`: major for a removal or a changed type, minor for an addition. */
export function nextVersion(version: string, change: SurfaceChange): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  if (change.removed.length || change.changed.length) return `${major + 1}.0.0`;
  if (change.added.length) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch}`;
}
