import { routes } from '@fable/contracts';
import { ButtonLink } from '@fable/shared';
import { NoticeBar } from './NoticeBar';

// ours: the spec names the prompt ("a username-setup prompt"), not its words.
export const USERNAME_PROMPT_TEXTS = {
  title: 'Choose your username',
  text: 'Pick the name others see on your chatbots and in group chats. It takes a moment.',
  action: 'Set Up Username',
} as const;

/** Home's username-setup prompt (document 1 §2 "Home") for a member without a username where onboarding v2 is off. */
export function UsernamePrompt() {
  const T = USERNAME_PROMPT_TEXTS;
  return (
    <NoticeBar as="section" aria-labelledby="username-prompt-title">
      <h2 id="username-prompt-title">{T.title}</h2>
      <p>{T.text}</p>
      <ButtonLink to={routes.signup()}>{T.action}</ButtonLink>
    </NoticeBar>
  );
}
