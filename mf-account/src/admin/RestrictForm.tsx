import styled from '@emotion/styled';
import { useState } from 'react';
import { RESTRICTION_HOURS, RESTRICTION_MESSAGES, RESTRICTION_REASON, USER_RESTRICTION_KINDS, type UserRestrictionKind } from '@fable/contracts';
import { apiErrorMessage, Button, notify } from '@fable/shared';
import { SelectField, TextAreaField, TextField } from '@fable/shared/forms';
import { useAccount_restrictUserMutation } from './adminUsersApi';
import { ADMIN_USERS_TEXTS as T } from './adminUsersTexts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 14px;
  .row {
    display: grid;
    grid-template-columns: 2fr 1fr;
    gap: 12px;
  }
  @media (max-width: 600px) {
    .row {
      grid-template-columns: 1fr;
    }
  }
  .error {
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
  }
`;

const timed = (kind: UserRestrictionKind) => kind === 'temporary' || kind === 'shadowban';

/** Restrict a member: the kind, its length in hours (temporary hold and shadow-ban), and the statement of reasons. */
export function RestrictForm({ userId }: { userId: string }) {
  const [kind, setKind] = useState<UserRestrictionKind>('temporary');
  const [hours, setHours] = useState('24');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ hours?: string; reason?: string; form?: string }>({});
  const [restrict, { isLoading }] = useAccount_restrictUserMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const n = Number(hours);
    const next: typeof errors = {};
    if (timed(kind) && !(Number.isInteger(n) && n >= RESTRICTION_HOURS.min && n <= RESTRICTION_HOURS.max)) next.hours = RESTRICTION_MESSAGES.hoursRequired;
    if (reason.trim().length < RESTRICTION_REASON.min) next.reason = RESTRICTION_MESSAGES.reasonRequired;
    setErrors(next);
    if (next.hours || next.reason) return;
    const result = await restrict({ userId, body: { kind, reason: reason.trim(), ...(timed(kind) ? { hours: n } : {}) } });
    if ('error' in result) {
      setErrors({ form: apiErrorMessage(result.error) });
      return;
    }
    setReason('');
    notify.success(T.restricted);
  };
  return (
    <Form onSubmit={submit} noValidate aria-label={T.restrictTitle}>
      <div className="row">
        <SelectField label={T.kind} value={kind} options={USER_RESTRICTION_KINDS.map((k) => ({ value: k, label: T.kinds[k] }))} onChange={setKind} />
        {timed(kind) ? (
          <TextField label={T.hours} value={hours} onChange={setHours} inputMode="numeric" error={errors.hours} />
        ) : null}
      </div>
      <TextAreaField label={T.reason} value={reason} onChange={setReason} rows={3} limit={RESTRICTION_REASON.max} error={errors.reason} />
      {errors.form ? (
        <p className="error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="danger" loading={isLoading}>
          {T.restrict}
        </Button>
      </div>
    </Form>
  );
}
