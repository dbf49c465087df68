import styled from '@emotion/styled';
import { Button } from '@fable/shared';
import { SIGN_IN_TEXTS as T } from './signInTexts';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
  margin-top: 12px;
`;

export interface SignInCodeActionsProps {
  /** Seconds before a code can be sent again (0: it can). */
  cooldown: number;
  /** A code is being requested. */
  sending: boolean;
  onResend: () => void;
  onChangeEmail: () => void;
}

/** Under the sign-in overlay's code form: resend the code (after its pause), or go back to use another email. */
export function SignInCodeActions({ cooldown, sending, onResend, onChangeEmail }: SignInCodeActionsProps) {
  return (
    <Row>
      <Button variant="ghost" size="sm" onClick={onResend} disabled={cooldown > 0} loading={sending}>
        {cooldown > 0 ? T.resendIn(cooldown) : T.resend}
      </Button>
      <Button variant="ghost" size="sm" onClick={onChangeEmail}>
        {T.changeEmail}
      </Button>
    </Row>
  );
}
