// POST (or GET) /api/graphql/v1: SubscribeStar's API for a token's owner. Root fields: `user` (scope user.read; its
// email needs user.email.read) and `subscriber` (scope subscriber.read): the owner as a supporter of the creator whose
// application the token was issued to, with `subscription` null when they pledge nothing. Answers GraphQL's shape:
// { data } or { errors: [{ message }] }.
import type { SandboxSubscribeStarAccount } from './accounts';
import { GraphqlSyntaxError, parseSelections, type Selection } from './graphqlSelection';
import type { AccessToken } from './oauthState';

type Value = string | number | boolean | null | { [field: string]: Value };
type Resolver = { [field: string]: Value | (() => Value) };

class GraphqlFieldError extends Error {}

function userObject(account: SandboxSubscribeStarAccount, scopes: string[]): Resolver {
  return {
    id: account.id,
    name: account.name,
    avatar_url: null,
    email: () => {
      if (!scopes.includes('user.email.read')) throw new GraphqlFieldError('Access to email requires the user.email.read scope.');
      return account.email;
    },
  };
}

function subscriberObject(account: SandboxSubscribeStarAccount): Resolver {
  const pledge = account.pledge;
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    subscription: pledge
      ? {
          id: pledge.id,
          active: pledge.active,
          tier_id: pledge.tier_id,
          price: pledge.price,
          currency: pledge.currency,
          created_at: pledge.created_at,
          cancelled_at: pledge.active ? null : pledge.created_at,
          content_provider_profile: { id: 'sandbox_creator' },
        }
      : null,
  };
}

function pick(value: Value | (() => Value), selection: Selection, type: string): Value {
  const resolved = typeof value === 'function' ? value() : value;
  if (resolved === null) return null;
  const isObject = typeof resolved === 'object';
  if (isObject && !selection.fields) throw new GraphqlFieldError(`Field '${selection.name}' of type '${type}' must have a selection of subfields.`);
  if (!isObject && selection.fields) throw new GraphqlFieldError(`Selections can't be made on scalars (field '${selection.name}').`);
  if (!isObject) return resolved;
  return select(resolved as Resolver, selection.fields as Selection[], selection.name);
}

function select(object: Resolver, selections: Selection[], type: string): { [field: string]: Value } {
  const out: { [field: string]: Value } = {};
  for (const selection of selections) {
    if (!(selection.name in object)) throw new GraphqlFieldError(`Field '${selection.name}' doesn't exist on type '${type}'.`);
    out[selection.name] = pick(object[selection.name] as Value | (() => Value), selection, selection.name);
  }
  return out;
}

/** Runs a query for a token's owner. */
export function runQuery(query: unknown, token: AccessToken): { data: Record<string, Value> } | { errors: Array<{ message: string }> } {
  if (typeof query !== 'string' || !query.trim()) return { errors: [{ message: 'No query string was present.' }] };
  try {
    const root: Resolver = {
      user: () => {
        if (!token.scopes.includes('user.read')) throw new GraphqlFieldError('Access to user requires the user.read scope.');
        return userObject(token.account, token.scopes) as unknown as Value;
      },
      subscriber: () => {
        if (!token.scopes.includes('subscriber.read')) throw new GraphqlFieldError('Access to subscriber requires the subscriber.read scope.');
        return subscriberObject(token.account) as unknown as Value;
      },
    };
    const data: Record<string, Value> = {};
    for (const selection of parseSelections(query)) {
      if (!(selection.name in root)) throw new GraphqlFieldError(`Field '${selection.name}' doesn't exist on type 'Query'.`);
      const resolver = root[selection.name] as () => Value;
      const object = resolver() as unknown as Resolver;
      if (!selection.fields) throw new GraphqlFieldError(`Field '${selection.name}' of type '${selection.name}' must have a selection of subfields.`);
      data[selection.name] = select(object, selection.fields, selection.name);
    }
    return { data };
  } catch (error) {
    if (error instanceof GraphqlSyntaxError || error instanceof GraphqlFieldError) return { errors: [{ message: error.message }] };
    throw error;
  }
}
