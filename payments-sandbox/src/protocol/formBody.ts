// Stripe's request bodies: application/x-www-form-urlencoded with nested brackets (`card[number]=…`,
// `metadata[plan]=…`, `expand[0]=…` or `expand[]=…`), parsed into plain objects and arrays of strings.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const decode = (text: string): string => decodeURIComponent(text.replace(/\+/g, ' '));

/** The key's path: `card[number]` → ['card', 'number']; `expand[]` → ['expand', '']. */
function keyPath(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return undefined;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? '', ...rest];
}

/** Objects whose keys are all indexes (or pushes) become arrays, in index order. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arraysFromIndexes(value[k] as FormValue)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k) || k.startsWith('\u0000push'))) {
    return entries.sort(([a], [b]) => order(a) - order(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}
const order = (key: string) => (key.startsWith('\u0000push') ? 1e9 + Number(key.slice(5)) : Number(key));

export class FormBodyError extends Error {}

export function parseFormBody(body: string): FormObject {
  const root: FormObject = {};
  let pushes = 0;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decode(rawKey);
      value = decode(rawValue);
    } catch {
      throw new FormBodyError(`Invalid URL encoding in the request body near '${rawKey.slice(0, 40)}'.`);
    }
    const path = keyPath(key);
    if (!path) throw new FormBodyError(`Invalid parameter name: ${key.slice(0, 80)}`);
    let node: FormObject = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? `\u0000push${pushes++}` : segment;
      if (i === path.length - 1) {
        if (typeof node[name] === 'object') throw new FormBodyError(`Invalid parameter: ${key} is both a value and a hash.`);
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'string') throw new FormBodyError(`Invalid parameter: ${key} is both a value and a hash.`);
      node = (next as FormObject | undefined) ?? (node[name] = {});
    });
  }
  return arraysFromIndexes(root) as FormObject;
}

/** A canonical text for comparing two requests' parameters (idempotency): keys sorted at every level. */
export function canonicalParams(value: FormValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalParams).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalParams(value[k])}`)
    .join(',')}}`;
}
