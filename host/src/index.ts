// Before anything builds a zod schema (the remotes included): no eval under the pages' CSP.
import './boot/zodWithoutEval';

// Async boundary: the shared singletons are negotiated before any app code runs.
import('./bootstrap');
