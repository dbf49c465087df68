import { queueCalls } from '@fable/contracts';
import { contractRoute } from '../contractRoute';

/**
 * The waiting queue (contracts' queueCalls) as the API answers it when nobody waits: the mock API has no engine to
 * ration, so everyone has access (the API's line is tested in api/src/modules/chat/queue). UI tests that show the
 * waiting room answer "GET /queue" with an override.
 */
export function queueHandlers() {
  return [
    contractRoute(queueCalls.status, () => ({ status: 'access' as const, bypass: null, retry_after: null })),
    contractRoute(queueCalls.leave, () => ({ left: false })),
    contractRoute(queueCalls.outlook, () => ({ applies: true, waiting: 0 })),
  ];
}
