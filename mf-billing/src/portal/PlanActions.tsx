import { useState } from 'react';
import type { PortalSubscription } from '@fable/contracts';
import { Button, ButtonLink, ConfirmationModal } from '@fable/shared';
import { ChangeCardDialog } from './ChangeCardDialog';
import { ChangePlanDialog } from './ChangePlanDialog';
import { formatPortalDate } from './portalRules';
import { ActionError, ActionRow, Note, PortalCard } from './portalLayout';
import { PORTAL_TEXTS as T } from './portalTexts';
import { usePortalAction, type PortalActionExtra } from './usePortalAction';
import type { PortalAction } from '@fable/contracts';

type Dialog = 'cancel' | 'changePlan' | 'changeCard' | null;

/**
 * The plan actions (document 2 §4, §8) by status: active — Change Plan, Change Card, Cancel Subscription (after a
 * confirmation); cancelled — Resume Subscription, Change Card and a disabled Change Plan; grace — the payment-failed
 * message with 'Pay amount due' (charge_rebill; a failed one shows its message in place of that note), Change Card,
 * Cancel; expired — 'Choose Plan & Reactivate' to the checkout. A failed action shows the server's message under the
 * buttons; the dialogs show theirs under their own. `disabled`: managed elsewhere, nothing can be done here.
 */
export function PlanActions({ sub, disabled = false }: { sub: PortalSubscription; disabled?: boolean }) {
  const { run, pending } = usePortalAction(sub);
  const [error, setError] = useState<string | null>(null);
  const [rebillError, setRebillError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const status = sub.subscription_status;
  const busy = disabled || pending !== null;

  const perform = async (action: PortalAction, extra?: PortalActionExtra) => {
    setError(null);
    setRebillError(null);
    const outcome = await run(action, extra);
    if (!outcome.ok) setError(outcome.message);
    return outcome;
  };

  const payAmountDue = async () => {
    setError(null);
    setRebillError(null);
    const outcome = await run('charge_rebill');
    if (!outcome.ok) setRebillError(outcome.message);
  };

  if (status === 'expired') {
    return (
      <PortalCard wide aria-labelledby="portal-plan-actions" data-testid="portal-plan-actions">
        <h2 id="portal-plan-actions">{T.planActions}</h2>
        <ActionRow>
          {disabled ? (
            <Button disabled>{T.reactivate}</Button>
          ) : (
            <ButtonLink to={`/checkout?plan_id=${encodeURIComponent(sub.current_product.plan_id)}`}>{T.reactivate}</ButtonLink>
          )}
        </ActionRow>
      </PortalCard>
    );
  }

  const changeCard = (
    <Button variant="secondary" disabled={busy} onClick={() => setDialog('changeCard')}>
      {T.changeCard}
    </Button>
  );
  const cancel = (
    <Button variant="ghost" disabled={busy} loading={pending === 'cancel'} onClick={() => setDialog('cancel')}>
      {T.cancel}
    </Button>
  );

  return (
    <PortalCard wide aria-labelledby="portal-plan-actions" data-testid="portal-plan-actions">
      <h2 id="portal-plan-actions">{T.planActions}</h2>
      {status === 'grace' ? (
        <Note tone="error" role={rebillError ? 'alert' : undefined} data-testid="portal-grace-note">
          {rebillError ?? T.paymentFailed}
        </Note>
      ) : null}
      <ActionRow>
        {status === 'active' ? (
          <>
            <Button disabled={busy} onClick={() => setDialog('changePlan')}>
              {T.changePlan}
            </Button>
            {changeCard}
            {cancel}
          </>
        ) : null}
        {status === 'cancelled' ? (
          <>
            <Button disabled={busy} loading={pending === 'uncancel'} onClick={() => void perform('uncancel')}>
              {T.uncancel}
            </Button>
            <Button variant="secondary" disabled aria-describedby="portal-change-plan-disabled">
              {T.changePlan}
            </Button>
            {changeCard}
          </>
        ) : null}
        {status === 'grace' ? (
          <>
            <Button disabled={busy} loading={pending === 'charge_rebill'} onClick={() => void payAmountDue()}>
              {T.payAmountDue}
            </Button>
            {changeCard}
            {cancel}
          </>
        ) : null}
      </ActionRow>
      {status === 'cancelled' ? (
        <p className="muted" id="portal-change-plan-disabled">
          {T.changePlanDisabledNote}
        </p>
      ) : null}
      {error ? (
        <ActionError role="alert" data-testid="portal-action-error">
          {error}
        </ActionError>
      ) : null}

      <ConfirmationModal
        open={dialog === 'cancel'}
        title={T.cancelDialog.title}
        message={T.cancelDialog.message(formatPortalDate(sub.recur_at))}
        confirmLabel={T.cancelDialog.confirm}
        cancelLabel={T.cancelDialog.keep}
        destructive
        onConfirm={() => perform('cancel')}
        onClose={() => setDialog(null)}
      />
      <ChangePlanDialog
        open={dialog === 'changePlan'}
        sub={sub}
        onClose={() => setDialog(null)}
        onChange={(planId) => run('change_plan', { plan_id: planId })}
      />
      <ChangeCardDialog
        open={dialog === 'changeCard'}
        onClose={() => setDialog(null)}
        onSave={(cardToken) => run('change_card', { card_token: cardToken })}
      />
    </PortalCard>
  );
}
