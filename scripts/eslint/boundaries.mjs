// The dependency direction of the house (docs/architecture.md, "The parts and the direction of dependencies"):
// contracts ← shared ← host, mf-*; contracts ← api; rules ← api, shared, mocks, host, mf-*.
// rules (the product's pure rules, docs/adr/0006-one-home-for-the-rules.md) import nothing: no workspace, no package,
// but gpt-tokenizer in rules/src/tokens (the token count both sides must agree on).
// mocks (the mock API) is development only: tests, a testing/ folder and the standalone harness import it, never a
// file that a production bundle holds.
// A remote never imports another remote or the host; the host never imports a remote's source;
// contracts import nothing but zod (and eventsource-parser, the one SSE parser: contracts/src/http/sseStream.ts).
// The folders come from the one list (scripts/lib/workspaces.cjs): a file in a top-level folder the list does not
// know is an error, not skipped.
import path from 'node:path';
import { codeFolders } from '../lib/workspaces.cjs';

/** The top-level folder of a file, or null for a file at the root of the repository. */
function topFolder(root, file) {
  const rel = path.relative(root, file).split(path.sep);
  return rel.length > 1 && rel[0] !== '..' ? rel[0] : null;
}

/** The workspace a file or an import specifier belongs to, or null for third-party modules. */
function workspaceOfPath(root, file, known) {
  const folder = topFolder(root, file);
  return folder && known.includes(folder) ? folder : null;
}

function workspaceOfImport(root, fromFile, spec, known) {
  if (spec.startsWith('.')) return workspaceOfPath(root, path.resolve(path.dirname(fromFile), spec), known);
  const m = /^@fable\/([\w-]+)/.exec(spec);
  if (m) return m[1];
  return null;
}

/** Files that no production bundle holds: tests, test kits in a testing/ folder, Jest's setup, the standalone harness's start. */
const DEV_ONLY_FILE = /(\.test\.tsx?$|\/testing\/|^scripts\/jest\/|^shared\/src\/remote\/startStandalone\.tsx$)/;

/** Why `from` may not import `spec`, or null when allowed. `file` is the importing file, relative to the root. */
export function boundaryViolation(from, target, spec, file = '') {
  if (from === 'rules') {
    const tokenizer = spec === 'gpt-tokenizer' && file.startsWith('rules/src/tokens/');
    if ((target && target !== 'rules') || (!target && !spec.startsWith('.') && !tokenizer)) {
      return `rules import nothing: they are pure functions of their arguments (found "${spec}")`;
    }
    return null;
  }
  if (target === 'mocks' && from !== 'mocks' && !DEV_ONLY_FILE.test(file)) {
    return `@fable/mocks is development only: import it from a test, a testing/ folder or the standalone harness, never from code a production bundle holds (found "${spec}")`;
  }
  if (from === 'contracts') {
    if (target && target !== 'contracts') return `contracts import nothing but zod (found "${spec}")`;
    if (!target && !spec.startsWith('.') && spec !== 'zod' && !spec.startsWith('zod/') && spec !== 'eventsource-parser') {
      return `contracts import nothing but zod (found "${spec}")`;
    }
    return null;
  }
  if (!target || target === from) return null;
  if (from === 'shared' && !['contracts', 'rules', 'mocks'].includes(target)) return `shared depends only on contracts and rules (found "${spec}")`;
  if (from === 'mocks' && !['contracts', 'rules'].includes(target)) return `the mock API depends only on contracts and rules (found "${spec}")`;
  if (from.startsWith('mf-') && (target.startsWith('mf-') || target === 'host')) {
    return `a remote never imports another remote or the host: ${from} imports "${spec}"; go through the URL or shared state`;
  }
  if (from === 'host' && target.startsWith('mf-')) {
    return `the host never imports a remote's source ("${spec}"); it loads remotes at run time with loadRemote`;
  }
  if (from === 'api' && !['contracts', 'rules'].includes(target)) return `api depends only on contracts and rules (found "${spec}")`;
  return null;
}

export const boundariesPlugin = (root) => ({
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [], docs: { description: 'Enforce the dependency direction between workspaces' } },
      create(context) {
        const known = codeFolders(root);
        const folder = topFolder(root, context.filename);
        if (!folder) return {};
        if (!known.includes(folder)) {
          return {
            Program: (node) =>
              context.report({ node, message: `${folder}/ is not a workspace: add it to the workspaces of package.json (a remote: a folder mf-<name> with a remote.json)` }),
          };
        }
        const from = folder;
        const check = (node, spec) => {
          if (typeof spec !== 'string') return;
          const file = path.relative(root, context.filename).split(path.sep).join('/');
          const message = boundaryViolation(from, workspaceOfImport(root, context.filename, spec, known), spec, file);
          if (message) context.report({ node, message });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
});
