import { TIER_MARKETING_NAME, type SessionUser as ApiUser, routes } from '@fable/contracts';
import { ButtonLink, selectPermissions, useAppSelector } from '@fable/shared';
import { benefitsOf } from './benefits';
import { Section, SpreadRow } from './profileLayout';
import { PROFILE_TEXTS as T } from './profileTexts';

/**
 * The Current plan section: the plan's name, Upgrade below premium, Manage Subscription for a subscriber, and "Your
 * Benefits" for a member with no role.
 */
export function PlanSection({ user }: { user: ApiUser }) {
  const permissions = useAppSelector(selectPermissions);
  const benefits = benefitsOf(permissions, user.roles);
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
      {benefits.length > 0 ? (
        <>
          <h3 id="benefits-heading">{T.benefits}</h3>
          <ul aria-labelledby="benefits-heading" className="benefits">
            {benefits.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}
