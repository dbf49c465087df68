// The dependency direction of the house (docs/architecture.md, "The parts and the direction of dependencies"):
// contracts ← shared ← host, mf-*; contracts ← api.
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

/** Why `from` may not import `spec`, or null when allowed. */
export function boundaryViolation(from, target, spec) {
  if (from === 'contracts') {
    if (target && target !== 'contracts') return `contracts import nothing but zod (found "${spec}")`;
    if (!target && !spec.startsWith('.') && spec !== 'zod' && !spec.startsWith('zod/') && spec !== 'eventsource-parser') {
      return `contracts import nothing but zod (found "${spec}")`;
    }
    return null;
  }
  if (!target || target === from) return null;
  if (from === 'shared' && target !== 'contracts') return `shared depends only on contracts (found "${spec}")`;
  if (from.startsWith('mf-') && (target.startsWith('mf-') || target === 'host')) {
    return `a remote never imports another remote or the host: ${from} imports "${spec}"; go through the URL or shared state`;
  }
  if (from === 'host' && target.startsWith('mf-')) {
    return `the host never imports a remote's source ("${spec}"); it loads remotes at run time with loadRemote`;
  }
  if (from === 'api' && target !== 'contracts') return `api depends only on contracts (found "${spec}")`;
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
          const message = boundaryViolation(from, workspaceOfImport(root, context.filename, spec, known), spec);
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
