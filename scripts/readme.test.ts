// The README states facts the repository can check: the versions of our workspaces, the top-level folders of its
// layout, and the commands it promises. This test fails as soon as one of them stops being true.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, workspaces } from './lib/workspaces.cjs';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

/** Package name → version of every workspace (`@fable/contracts` → `8.0.0`, …). */
function workspaceVersions(): Map<string, { folder: string; version: string }> {
  return new Map(
    workspaces().map((folder) => {
      const pkg = readJson(`${folder}/package.json`);
      return [String(pkg.name), { folder, version: String(pkg.version) }];
    }),
  );
}

/** Every "`@fable/x` 1.2.3" or "`@fable/x` `^1.2.3`" the README writes: the package and the version it states. */
function statedVersions(text: string): { pkg: string; version: string }[] {
  return [...text.matchAll(/`(@fable\/[a-z0-9-]+)`\s+`?\^?(\d+\.\d+\.\d+)`?/g)].map((m) => ({ pkg: m[1]!, version: m[2]! }));
}

/** The code block of the README's "## Layout" section. */
function layoutBlock(text: string): string {
  const section = text.split(/^## /m).find((part) => part.startsWith('Layout\n'));
  const block = section && /```\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no "## Layout" section with a code block');
  return block[1]!;
}

/** The paths the layout names: each line starting (unindented) with a folder, e.g. `api/`, `docs/adr/` or a glob like `mf-*` followed by a slash. */
function layoutEntries(block: string): string[] {
  return block
    .split('\n')
    .map((line) => /^([A-Za-z0-9_.*-]+(?:\/[A-Za-z0-9_.*-]+)*)\/(\s|$)/.exec(line)?.[1])
    .filter((entry): entry is string => entry !== undefined);
}

/** A layout entry as a pattern over paths: `mf-*` matches `mf-chat`, and the entry names a folder. */
const entryPattern = (entry: string) => new RegExp(`^${entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}/`);

/** The files git tracks, relative to the repository root. */
const trackedFiles = (): string[] => execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** Top-level folders holding tracked files, without dot-folders (.ci) and node_modules. */
function topLevelFolders(files: readonly string[]): string[] {
  const folders = files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!);
  return [...new Set(folders)].filter((folder) => !folder.startsWith('.') && folder !== 'node_modules').sort();
}

describe('README.md', () => {
  it('states the versions of our workspaces as their package.json files have them', () => {
    const versions = workspaceVersions();
    const stated = statedVersions(README);
    const wrong = stated.flatMap(({ pkg, version }) => {
      const actual = versions.get(pkg);
      if (!actual) return [`README names ${pkg} ${version}, but no workspace is called ${pkg}`];
      return actual.version === version ? [] : [`README says ${pkg} ${version}, ${actual.folder}/package.json has ${actual.version}`];
    });
    expect(wrong).toEqual([]);
    // The two versions every app is built against must be stated at all.
    const missing = ['@fable/contracts', '@fable/shared'].filter((pkg) => !stated.some((s) => s.pkg === pkg));
    expect(missing.map((pkg) => `README states no version of ${pkg} (write it as \`${pkg}\` ${versions.get(pkg)?.version})`)).toEqual([]);
  });

  it('lists every top-level folder in its layout, and only folders that exist', () => {
    const files = trackedFiles();
    const entries = layoutEntries(layoutBlock(README));
    const unlisted = topLevelFolders(files).filter((folder) => !entries.some((entry) => entryPattern(entry).test(`${folder}/`)));
    const absent = entries.filter((entry) => !files.some((file) => entryPattern(entry).test(file)));
    expect([
      ...unlisted.map((folder) => `${folder}/ is a top-level folder of the repository but missing from README's "## Layout"`),
      ...absent.map((entry) => `README's "## Layout" names ${entry}/, which holds no tracked file`),
    ]).toEqual([]);
  });

  it('documents npm start, npm test and npm run bench, each a script of the root package.json', () => {
    const scripts = readJson('package.json').scripts as Record<string, string>;
    const commands = { start: 'npm start', test: 'npm test', bench: 'npm run bench' };
    const problems = Object.entries(commands).flatMap(([script, command]) => [
      ...(README.includes(`${command} `) || README.includes(`${command}\``) ? [] : [`README does not document \`${command}\``]),
      ...(scripts[script] ? [] : [`package.json has no "${script}" script for \`${command}\``]),
    ]);
    expect(problems).toEqual([]);
  });
});
