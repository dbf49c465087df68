import { formatMessage, routes } from '@fable/contracts';
import { Button, ButtonLink, Modal, selectUser, useAppSelector } from '@fable/shared';
import { offersUpgrade, type PersonaLimit } from './personaList';
import { PERSONA_TEXTS as T } from './personaTexts';

/** Where Upgrade leads: the subscribe page (document 2 §2). */
export const SUBSCRIBE_PATH = routes.subscribe();

export interface LimitReachedModalProps {
  /** The numbers of the text; null: closed. */
  limit: PersonaLimit | null;
  onClose: () => void;
}

/**
 * "Limit Reached" (document 2 §8): "You've reached the maximum allowance of {n} personas in the {tier} tier. …", with
 * an Upgrade button to the subscribe page, not shown to premium members (§6).
 */
export function LimitReachedModal({ limit, onClose }: LimitReachedModalProps) {
  const user = useAppSelector(selectUser);
  const upgrade = offersUpgrade(user);
  return (
    <Modal
      open={limit !== null}
      onClose={onClose}
      title={T.limitTitle}
      size="sm"
      data-testid="persona-limit"
      footer={
        <>
          <Button variant={upgrade ? 'secondary' : 'primary'} onClick={onClose}>
            {T.close}
          </Button>
          {upgrade ? <ButtonLink to={SUBSCRIBE_PATH}>{T.upgrade}</ButtonLink> : null}
        </>
      }
    >
      <p style={{ margin: 0 }}>{limit ? formatMessage(T.limit, { n: limit.n, tier: limit.tier }) : null}</p>
    </Modal>
  );
}
