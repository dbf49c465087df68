import styled from '@emotion/styled';
import { TIER_MARKETING_NAME, type SessionUser as ApiUser, routes } from '@fable/contracts';
import { ButtonLink, selectPermissions, useAppSelector } from '@fable/shared';
import { benefitsOf } from './benefits';
import { Section, SpreadRow } from './profileLayout';
import { PROFILE_TEXTS as T } from './profileTexts';

const Benefits = styled.div`
  h3 {
    margin: 0 0 6px;
    font-size: 1rem;
  }
  ul {
    margin: 0;
    padding-left: 20px;
    columns: 2 220px;
    line-height: 1.6;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

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
        <Benefits>
          <h3 id="benefits-heading">{T.benefits}</h3>
          <ul aria-labelledby="benefits-heading">
            {benefits.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </Benefits>
      ) : null}
    </Section>
  );
}
