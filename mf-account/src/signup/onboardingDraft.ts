import { z } from 'zod';
import {
  DisplayNameSchema,
  EmailSchema,
  PartnerNameSchema,
  PartnerUsernameSchema,
  UsernameSchema,
  type OnboardingDraft,
} from '@fable/contracts';
import type { SessionUser } from '@fable/shared';
import type { SignupVariant } from './accountRules';
import { SIGNUP_TEXTS as T } from './signupTexts';

export const emptyDraft = (email: string): OnboardingDraft => ({
  username: '',
  name: '',
  email,
  age: false,
  toc: false,
  guidelines: false,
  step: 'WelcomeAboard',
});

/** The onboarding draft is stored locally per email (document 1 §3 "Onboarding draft"). */
export const onboardingDraftKey = (user: SessionUser) => `fable.onboarding.${(user.email ?? user.id).toLowerCase()}`;

/**
 * Welcome Aboard's rules (document 1 §5), the contracts' schemas the API checks the signup with: username and name
 * (the partner variant's at least 4), the email of a private-relay account, age and terms ticked; and a username the
 * availability check found taken.
 */
export function welcomeAboardSchema({ variant, needsEmail, usernameTaken }: { variant: SignupVariant; needsEmail: boolean; usernameTaken: string | null }) {
  const username = variant === 'partner' ? PartnerUsernameSchema : UsernameSchema;
  return z.object({
    username: usernameTaken ? username.refine(() => false, { error: usernameTaken }) : username,
    name: variant === 'partner' ? PartnerNameSchema : DisplayNameSchema,
    email: needsEmail ? EmailSchema : z.string(),
    age: z.boolean().refine(Boolean, { error: T.ageRequired }),
    toc: z.boolean().refine(Boolean, { error: T.termsRequired }),
  });
}

export type WelcomeAboardValues = z.input<ReturnType<typeof welcomeAboardSchema>>;
