import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { Button, Modal, signInRequested, useAppDispatch, useLocation, useNavigate } from '@fable/shared';
import { PROMPT_TEXTS } from './promptTexts';

export type ListingPrompt = 'guest_nsfw' | 'nsfw_access';

const Benefits = styled.ul`
  margin: 12px 0 0;
  padding-left: 20px;
  color: ${({ theme }) => theme.colors.textMuted};
  li + li {
    margin-top: 4px;
  }
`;

const Lead = styled.p`
  margin: 0 0 8px;
  font-weight: 600;
`;

/**
 * The prompts the NSFW toggle opens (document 1 §1, §2, §6), loaded on first use: guests get "Register for Free"
 * (Create Free Account and Login both open the host's sign-in, where a new email makes an account); members without
 * explicit content in their profile get the NSFW access modal (Cancel / Go to Profile → /profile).
 */
export default function ListingPrompts({ prompt, onClose }: { prompt: ListingPrompt | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = () => {
    onClose();
    dispatch(signInRequested({ returnTo: location.pathname + location.search }));
  };
  return (
    <>
      <Modal
        open={prompt === 'guest_nsfw'}
        onClose={onClose}
        title={PROMPT_TEXTS.signupTitle}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={signIn}>
              {PROMPT_TEXTS.login}
            </Button>
            <Button onClick={signIn}>{PROMPT_TEXTS.createAccount}</Button>
          </>
        }
      >
        <Lead>{PROMPT_TEXTS.signupNsfw}</Lead>
        <p>{PROMPT_TEXTS.signupEmailOnly}</p>
        <Benefits>
          {PROMPT_TEXTS.signupBenefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </Benefits>
      </Modal>
      <Modal
        open={prompt === 'nsfw_access'}
        onClose={onClose}
        title={PROMPT_TEXTS.accessTitle}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {PROMPT_TEXTS.cancel}
            </Button>
            <Button
              onClick={() => {
                onClose();
                navigate(routes.profile());
              }}
            >
              {PROMPT_TEXTS.goToProfile}
            </Button>
          </>
        }
      >
        <p>{PROMPT_TEXTS.accessMessage}</p>
      </Modal>
    </>
  );
}
