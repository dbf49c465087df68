import { useState } from 'react';
import { RESTRICTION_MESSAGES, RESTRICTION_REASON } from '@fable/contracts';
import { apiErrorMessage, Button, Modal, notify } from '@fable/shared';
import { TextAreaField } from '@fable/shared/forms';
import { useAccount_liftRestrictionMutation } from './adminUsersApi';
import { ADMIN_USERS_TEXTS as T } from './adminUsersTexts';

/** Lifting a restriction asks why (kept in the record). */
export function LiftDialog({ userId, restrictionId, onClose }: { userId: string; restrictionId: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lift, { isLoading }] = useAccount_liftRestrictionMutation();
  const send = async () => {
    if (reason.trim().length < RESTRICTION_REASON.min) {
      setError(RESTRICTION_MESSAGES.reasonRequired);
      return;
    }
    const result = await lift({ userId, restrictionId, body: { reason: reason.trim() } });
    if ('error' in result) {
      setError(apiErrorMessage(result.error));
      return;
    }
    notify.success(T.lifted);
    onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={T.liftTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            {T.cancel}
          </Button>
          <Button onClick={send} loading={isLoading}>
            {T.lift}
          </Button>
        </>
      }
    >
      <TextAreaField label={T.liftReason} value={reason} onChange={setReason} rows={3} limit={RESTRICTION_REASON.max} error={error ?? undefined} />
    </Modal>
  );
}
