import { readLocalStorage, removeLocalStorage, writeLocalStorage } from '@fable/shared';

/** Where the return path after login is kept (document 1 §4 "Sign-in": "the return path stored locally"). */
export const RETURN_PATH_KEY = 'fable.auth.returnPath';

/**
 * The paths login returns to (document 1 §4 "Sign-in"): create chatbot, personas, favorites, chatbots,
 * subscribe, portal, manage subscription, checkout. Any other page leaves the user where they are.
 */
const RETURN_PATHS: readonly RegExp[] = [
  /^\/chatbot\/create(\/[^/]+)?$/,
  /^\/personas(\/(create|edit))?$/,
  /^\/favorite-bots$/,
  /^\/my-chatbots(\/(drafts|lorebooks|groupchats))?$/,
  /^\/subscribe(-crypto)?$/,
  /^\/portal$/,
  /^\/manage-subscription$/,
  /^\/checkout(\/success)?$/,
];

/** Whether login should come back to this path (the pathname; a query is allowed after it). */
export function isReturnPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return RETURN_PATHS.some((pattern) => pattern.test(pathname));
}

/** Stores `path` (pathname + search) when it is one login returns to; otherwise forgets any older one. */
export function rememberReturnPath(path: string): void {
  if (isReturnPath(path)) writeLocalStorage(RETURN_PATH_KEY, path);
  else removeLocalStorage(RETURN_PATH_KEY);
}

/** The stored return path, once: it is removed as it is read. */
export function takeReturnPath(): string | null {
  const path = readLocalStorage<unknown>(RETURN_PATH_KEY, null);
  removeLocalStorage(RETURN_PATH_KEY);
  return typeof path === 'string' && isReturnPath(path) ? path : null;
}
