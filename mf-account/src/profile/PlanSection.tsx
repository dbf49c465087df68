import { TIER_MARKETING_NAME, type SessionUser as ApiUser, routes } from '@fable/contracts';
import { ButtonLink } from '@fable/shared';
import { Section, SpreadRow } from './profileLayout';
import { PROFILE_TEXTS as T } from './profileTexts';

/** The Current plan section: the plan's name, Upgrade below premium, Manage Subscription for a subscriber. */
export function PlanSection({ user }: { user: ApiUser }) {
  return (
    <Section aria-labelledby="plan-section">
      <h2 id="plan-section">{T.planSection}</h2>
      <SpreadRow>
        <strong data-testid="current-plan">{TIER_MARKETING_NAME[user.tier] ?? T.freePlan}</strong>
        {user.tier === 'premium' ? null : (
          <ButtonLink to={routes.subscribe()} variant="secondary">
            {T.upgrade}
          </ButtonLink>
        )}
        {user.subscription?.status === 'active' ? (
          <ButtonLink to={routes.manageSubscription()} variant="secondary">
            {T.manageSubscription}
          </ButtonLink>
        ) : null}
      </SpreadRow>
    </Section>
  );
}
