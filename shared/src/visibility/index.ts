/** What is seen on screen (`@fable/shared/visibility`): stateless, so each app bundles it, off the shared runtime. */
export { useSeenOnce } from './useSeenOnce';
