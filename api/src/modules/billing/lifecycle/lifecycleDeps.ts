import type { Database } from '../../../infra/db/database';
import type { PaymentsGateway } from '../../../infra/payments/paymentsGateway';

/** What the lifecycle (jobs, portal actions, free months) needs: the database and the payments provider (null: none configured). */
export interface LifecycleDeps {
  db: Database;
  payments: PaymentsGateway | null;
}
