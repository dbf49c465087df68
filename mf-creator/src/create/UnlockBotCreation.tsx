import styled from '@emotion/styled';
import { useId } from 'react';
import { ButtonLink } from '@fable/shared';
import { LockIcon } from '../marketing/icons';
import { SIGN_UP_PATH } from '../marketing/signUpPath';

export const UNLOCK_TEXTS = {
  title: 'Unlock Bot Creation',
  text: 'Sign up for free to give your chatbot a name, a personality and a greeting.',
  action: 'Create Free Account',
} as const;

const Frame = styled.section`
  position: relative;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  min-height: 320px;
`;

/** A glimpse of the form behind the lock; not interactive, hidden from assistive technology. */
const Preview = styled.div`
  display: grid;
  gap: 18px;
  padding: 28px;
  filter: blur(3px);
  opacity: 0.55;
  user-select: none;
  .row {
    display: flex;
    gap: 16px;
  }
  .avatar {
    width: 96px;
    height: 96px;
    flex: none;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .fields {
    display: grid;
    gap: 12px;
    flex: 1;
  }
  .label {
    width: 120px;
    height: 10px;
    border-radius: 4px;
    background: ${({ theme }) => theme.colors.border};
  }
  .input {
    height: 40px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .area {
    height: 96px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 24px;
  text-align: center;
  background: ${({ theme }) => (theme.mode === 'dark' ? 'rgba(17,19,24,0.55)' : 'rgba(246,247,251,0.55)')};
  h2 {
    margin: 0;
    font-size: 1.4rem;
  }
  p {
    margin: 0;
    max-width: 420px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const LockBadge = styled.span`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

/** The "Unlock Bot Creation" overlay over a glimpse of the create form (document 1 §2, Create chatbot). */
export function UnlockBotCreation() {
  const titleId = useId();
  return (
    <Frame aria-labelledby={titleId}>
      <Preview aria-hidden="true">
        <div className="row">
          <div className="avatar" />
          <div className="fields">
            <div className="label" />
            <div className="input" />
            <div className="label" />
            <div className="input" />
          </div>
        </div>
        <div className="label" />
        <div className="area" />
      </Preview>
      <Overlay>
        <LockBadge aria-hidden="true">
          <LockIcon />
        </LockBadge>
        <h2 id={titleId}>{UNLOCK_TEXTS.title}</h2>
        <p>{UNLOCK_TEXTS.text}</p>
        <ButtonLink to={SIGN_UP_PATH}>{UNLOCK_TEXTS.action}</ButtonLink>
      </Overlay>
    </Frame>
  );
}
