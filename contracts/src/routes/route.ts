// One page of a remote as a typed link: its path pattern (as the remote's remote.json declares it) and a function that
// builds a URL to it. Path parameters are typed from the pattern (`/chat/:characterId` takes `{ characterId }`) and
// encoded; query parameters are optional and left out when undefined.

/** The names of a pattern's `:parameters` (`/chat/:characterId/:conversationId` → `characterId | conversationId`). */
export type PathParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a route's builder takes: its path parameters (required) and its query parameters (optional). */
export type RouteArgs<Pattern extends string, Query extends string> = [PathParamNames<Pattern>] extends [never]
  ? [Query] extends [never]
    ? []
    : [query?: Partial<Record<Query, string>>]
  : [params: Record<PathParamNames<Pattern>, string> & Partial<Record<Query, string>>];

/** A page's link builder, with the pattern it fills in. */
export interface Route<Pattern extends string, Query extends string = never> {
  (...args: RouteArgs<Pattern, Query>): string;
  readonly pattern: Pattern;
  /** The query parameters the page reads, if any. */
  readonly query: readonly Query[];
}

/** A route for `pattern` whose page also reads the query parameters `query`. */
export function defineRoute<Pattern extends string, Query extends string = never>(pattern: Pattern, query: readonly Query[] = []): Route<Pattern, Query> {
  const build = (...args: RouteArgs<Pattern, Query>): string => {
    const values = (args[0] ?? {}) as Record<string, string | undefined>;
    const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
      return encodeURIComponent(value);
    });
    const search = query.flatMap((key) => {
      const value = values[key];
      return value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(value)}`];
    });
    return search.length ? `${path}?${search.join('&')}` : path;
  };
  return Object.assign(build, { pattern, query }) as Route<Pattern, Query>;
}
