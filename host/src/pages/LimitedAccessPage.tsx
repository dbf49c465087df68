import { routes } from '@fable/contracts';
import { EmptyState } from '@fable/shared';

/** The limited-access ban screen (document 1 §2 "Ban screen": Restricted). */
export function LimitedAccessPage() {
  return (
    <EmptyState
      title="Restricted"
      description="Your account has limited access. Please read our guidelines or contact us."
      action={{ label: 'Guidelines', to: routes.guidelines() }}
    />
  );
}
