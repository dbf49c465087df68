import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The API's dependency rules, read from the import statements of every file under api/src (tests included):
 * - no cycle between the folders of api/src/modules (a module may build on another only if that one does not
 *   build on it, directly or through others);
 * - api/src/http (access, errors, rate limits, the plugin type) imports nothing from api/src/modules: modules
 *   build on http, never the reverse.
 * The composition root (app.ts, discoveryRoutes.ts) and the test harness (api/src/testing) may import modules.
 */

const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

interface Import {
  /** The importing file, relative to api/src. */
  from: string;
  /** The imported path, resolved and relative to api/src (no extension). */
  to: string;
}

/** Relative imports (import, export … from, import(), require) of every file, through the TypeScript scanner. */
function readImports(srcDir: string): Import[] {
  return sourceFiles(srcDir).flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles
      .filter((imported) => imported.fileName.startsWith('.'))
      .map((imported) => ({
        from: path.relative(srcDir, file).split(path.sep).join('/'),
        to: path.relative(srcDir, path.resolve(path.dirname(file), imported.fileName)).split(path.sep).join('/'),
      }));
  });
}

/** The module a path belongs to ('discovery' for modules/discovery/…), or null outside api/src/modules. */
const moduleOf = (relativePath: string): string | null => /^modules\/([^/]+)\//.exec(relativePath)?.[1] ?? null;

/** module → module it imports → the import lines behind that edge. */
type ModuleGraph = Map<string, Map<string, string[]>>;

function moduleGraph(imports: Import[]): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const { from, to } of imports) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (a === null || b === null || a === b) continue;
    const targets = graph.get(a) ?? new Map<string, string[]>();
    graph.set(a, targets);
    targets.set(b, [...(targets.get(b) ?? []), `${from} → ${to}`]);
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan): each is at least one import cycle. */
function moduleCycles(graph: ModuleGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;

  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Every edge inside a cycle group, with its import lines: what to untangle. */
const explain = (graph: ModuleGraph, group: string[]) =>
  group.flatMap((a) =>
    [...(graph.get(a) ?? new Map<string, string[]>())]
      .filter(([b]) => group.includes(b))
      .map(([b, lines]) => `${a} → ${b}: ${lines.join(', ')}`),
  );

describe('module boundaries', () => {
  const imports = readImports(SRC);
  const graph = moduleGraph(imports);

  it('reads the imports of the source tree', () => {
    // The rules below are only worth something if the reader sees real edges.
    expect(graph.get('favorites')?.has('discovery')).toBe(true);
    expect(imports.some((i) => i.from === 'app.ts' && i.to === 'http/access')).toBe(true);
  });

  it('has no import cycle between modules', () => {
    expect(moduleCycles(graph).map((group) => explain(graph, group))).toEqual([]);
  });

  it('keeps api/src/http free of imports from api/src/modules', () => {
    const fromHttp = imports.filter((i) => i.from.startsWith('http/') && moduleOf(i.to) !== null);
    expect(fromHttp.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });
});

describe('moduleCycles', () => {
  const graphOf = (edges: Array<[string, string]>): ModuleGraph => {
    const graph: ModuleGraph = new Map();
    for (const [a, b] of edges) graph.set(a, (graph.get(a) ?? new Map()).set(b, [`${a}.ts → ${b}`]));
    return graph;
  };

  it('finds two-way imports and longer rings, and nothing in a layered graph', () => {
    expect(moduleCycles(graphOf([['auth', 'users'], ['users', 'auth']]))).toEqual([['auth', 'users']]);
    expect(moduleCycles(graphOf([['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd']]))).toEqual([['a', 'b', 'c']]);
    expect(moduleCycles(graphOf([['favorites', 'discovery'], ['ratings', 'discovery'], ['favorites', 'ratings']]))).toEqual([]);
  });

  it('attributes edges to modules by folder', () => {
    const graph = moduleGraph([
      { from: 'modules/auth/signIn.ts', to: 'modules/users/userRepository' },
      { from: 'modules/users/usersRoutes.ts', to: 'modules/auth/signIn' },
      { from: 'modules/users/usersRoutes.ts', to: 'modules/users/usernameRules' },
      { from: 'http/access.ts', to: 'modules/users/userRepository' },
    ]);
    expect(moduleCycles(graph)).toEqual([['auth', 'users']]);
    expect(explain(graph, ['auth', 'users'])).toEqual([
      'auth → users: modules/auth/signIn.ts → modules/users/userRepository',
      'users → auth: modules/users/usersRoutes.ts → modules/auth/signIn',
    ]);
  });
});
