// The recommended page and the offline route it sends visitors to (document 1 §8) are one chunk: once the first has
// loaded, the second shows with no network at all.
export { RecommendedPage } from './RecommendedPage';
export { OfflinePage } from '../offline/OfflinePage';
