import { EmptyState } from '@fable/shared';

/** The fixture remote's page: its own heading, so a test knows this remote (not a 404 page) rendered it. */
export function FixturePage() {
  return <EmptyState headingLevel={1} title="Fixture remote" description="Mounted from a deployment entry the host was never built with." />;
}
