import styled from '@emotion/styled';
import { useId, useState } from 'react';
import type { AvailablePlan, BillingPeriod, PortalSubscription } from '@fable/contracts';
import { FrequencyTabs } from '../plans/FrequencyTabs';
import { formatPrice } from '../plans/plans';
import { ActionDialog } from './ActionDialog';
import { frequencyOf, isSelectablePlan, isYearlySubscriber, planChangeOf, plansToOffer } from './portalRules';
import { ActionError, Note, StatusTag } from './portalLayout';
import { PORTAL_TEXTS as T } from './portalTexts';
import type { PortalActionOutcome } from './usePortalAction';

const D = T.changePlanDialog;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    display: flex;
    flex-direction: column;
    gap: 8px;
    min-width: 0;
  }
  legend {
    margin-bottom: 8px;
    font-weight: 600;
  }
  .muted {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

const Tabs = styled.div`
  display: flex;
  justify-content: center;
`;

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.75;
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  .name {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 10px;
    font-weight: 600;
  }
  .price {
    flex: none;
    font-weight: 700;
    white-space: nowrap;
  }
`;

export interface ChangePlanDialogProps {
  open: boolean;
  sub: PortalSubscription;
  onClose: () => void;
  /** Sends change_plan; the dialog closes on success and shows the server's message otherwise. */
  onChange: (planId: string) => Promise<PortalActionOutcome>;
}

/** The change-plan dialog (document 2 §4); its state lives while it is open. */
export function ChangePlanDialog(props: ChangePlanDialogProps) {
  return props.open ? <OpenChangePlanDialog {...props} /> : null;
}

function price(plan: AvailablePlan) {
  return `${formatPrice(plan.price, plan.currency)} ${plan.billing_frequency === 'annual' ? T.perYear : T.perMonth}`;
}

/**
 * A yearly subscriber sees only the annual plans; others toggle between monthly and annual (starting on the current
 * plan's). The current plan is listed but cannot be chosen. A chosen plan with upgrade_price above 0 says the
 * prorated charge now plus taxes; any other says the change takes effect at the next billing cycle.
 */
function OpenChangePlanDialog({ sub, onClose, onChange }: ChangePlanDialogProps) {
  const yearly = isYearlySubscriber(sub);
  const [frequency, setFrequency] = useState<BillingPeriod>(yearly ? 'annual' : frequencyOf(sub.current_product.plan_id));
  const [chosen, setChosen] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const summaryId = useId();
  const name = useId();

  const plans = plansToOffer(sub, frequency);
  const selected = plans.find((plan) => plan.plan_id === chosen && isSelectablePlan(sub, plan)) ?? null;
  const change = selected ? planChangeOf(selected) : null;

  const confirm = async () => {
    if (!selected) return;
    setPending(true);
    setError(null);
    const outcome = await onChange(selected.plan_id);
    setPending(false);
    if (outcome.ok) onClose();
    else setError(outcome.message);
  };

  return (
    <ActionDialog
      title={D.title}
      pending={pending}
      onClose={onClose}
      cancelLabel={D.cancel}
      confirmLabel={D.confirm}
      onConfirm={() => void confirm()}
      confirmDisabled={!selected}
      confirmDescribedBy={selected ? summaryId : undefined}
    >
      <Body>
        {yearly ? (
          <p className="muted">{D.annualOnly}</p>
        ) : (
          <Tabs>
            <FrequencyTabs value={frequency} onChange={setFrequency} />
          </Tabs>
        )}
        <fieldset>
          <legend>{D.legend}</legend>
          {plans.length === 0 ? <p className="muted">{D.noPlans}</p> : null}
          {plans.map((plan) => {
            const current = !isSelectablePlan(sub, plan);
            return (
              <Option key={plan.plan_id} data-plan={plan.plan_id}>
                <input
                  type="radio"
                  name={name}
                  value={plan.plan_id}
                  checked={chosen === plan.plan_id}
                  disabled={current || pending}
                  onChange={() => setChosen(plan.plan_id)}
                />
                <span className="name">
                  {plan.name}
                  {current ? <StatusTag tone="info">{D.currentTag}</StatusTag> : null}
                </span>
                <span className="price">{price(plan)}</span>
              </Option>
            );
          })}
        </fieldset>
        {change ? (
          <Note tone={change.kind === 'prorated' ? 'warning' : 'info'} id={summaryId} data-testid="change-plan-summary">
            {change.kind === 'prorated' ? D.prorated(formatPrice(change.amount, change.currency)) : D.nextCycle}
          </Note>
        ) : null}
        {error ? (
          <ActionError role="alert" data-testid="change-plan-error">
            {error}
          </ActionError>
        ) : null}
      </Body>
    </ActionDialog>
  );
}
