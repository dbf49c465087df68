// A small reader of GraphQL selection sets, enough for the queries SubscribeStar's clients send
// (`{ user { id name email } subscriber { subscription { active tier_id } } }`, optionally `query Name { … }`).
// Arguments, variables, fragments and aliases are refused with a GraphQL error, not guessed at.

export interface Selection {
  name: string;
  fields: Selection[] | null;
}

export class GraphqlSyntaxError extends Error {}

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s+|,|#[^\n]*|([{}])|([_A-Za-z][_0-9A-Za-z]*)|(.)/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(query)) !== null) {
    if (match[1]) tokens.push(match[1]);
    else if (match[2]) tokens.push(match[2]);
    else if (match[3]) throw new GraphqlSyntaxError(`Unsupported syntax near "${match[3]}": the sandbox reads plain selection sets only.`);
    if (pattern.lastIndex >= query.length) break;
  }
  return tokens;
}

/** The top-level selections of a query document. */
export function parseSelections(query: string): Selection[] {
  if (query.length > 10_000) throw new GraphqlSyntaxError('Query too long.');
  const tokens = tokenize(query);
  let at = 0;
  if (tokens[at] === 'query') {
    at += 1;
    if (tokens[at] !== '{') at += 1; // the operation's name
  }
  const set = (depth: number): Selection[] => {
    if (depth > 8) throw new GraphqlSyntaxError('Query too deep.');
    if (tokens[at] !== '{') throw new GraphqlSyntaxError('Expected "{".');
    at += 1;
    const selections: Selection[] = [];
    while (tokens[at] !== '}') {
      const name = tokens[at];
      if (name === undefined) throw new GraphqlSyntaxError('Expected "}".');
      if (name === '{') throw new GraphqlSyntaxError('Expected a field name.');
      at += 1;
      selections.push({ name, fields: tokens[at] === '{' ? set(depth + 1) : null });
    }
    at += 1;
    return selections;
  };
  const selections = set(0);
  if (at !== tokens.length) throw new GraphqlSyntaxError('Only one operation is read.');
  return selections;
}
