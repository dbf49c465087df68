import styled from '@emotion/styled';
import { routes } from '@fable/contracts';
import { ButtonLink } from '@fable/shared';

// ours: the spec names the prompt ("a username-setup prompt"), not its words.
export const USERNAME_PROMPT_TEXTS = {
  title: 'Choose your username',
  text: 'Pick the name others see on your chatbots and in group chats. It takes a moment.',
  action: 'Set Up Username',
} as const;

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 24px;
  margin: 0 0 16px;
  padding: 16px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  h2 {
    margin: 0 0 4px;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Home's username-setup prompt (document 1 §2 "Home") for a member without a username where onboarding v2 is off. */
export function UsernamePrompt() {
  const T = USERNAME_PROMPT_TEXTS;
  return (
    <Box aria-labelledby="username-prompt-title">
      <div>
        <h2 id="username-prompt-title">{T.title}</h2>
        <p>{T.text}</p>
      </div>
      <ButtonLink to={routes.signup()}>{T.action}</ButtonLink>
    </Box>
  );
}

export default UsernamePrompt;
