import { useEffect, useMemo } from 'react';
import type { OnboardingDraft } from '@fable/contracts';
import { Button } from '@fable/shared';
import { Form, FormCheckboxField, FormTextField, useZodForm } from '@fable/shared/forms';
import { UsernameField } from '../forms/UsernameField';
import type { SignupVariant } from './accountRules';
import { AgreementLabel } from './AgreementLabel';
import { welcomeAboardSchema, type WelcomeAboardValues } from './onboardingDraft';
import { Steps } from './onboardingLayout';
import { SIGNUP_TEXTS as T } from './signupTexts';
import type { Availability } from './useUsernameAvailability';

export interface WelcomeAboardStepProps {
  draft: OnboardingDraft;
  variant: SignupVariant;
  needsEmail: boolean;
  availability: Availability;
  /** The API's message about the username when sign-up came back to this step. */
  usernameError: string | null;
  /** Every edit, to keep the draft. */
  onEdit: (values: Partial<WelcomeAboardValues>) => void;
  onContinue: () => void;
}

/** Welcome Aboard (document 1 §4): username with its availability, name, email (private relay), the rules, age, terms. */
export function WelcomeAboardStep({ draft, variant, needsEmail, availability, usernameError, onEdit, onContinue }: WelcomeAboardStepProps) {
  const usernameTaken = availability.status === 'unavailable' ? availability.message : null;
  const schema = welcomeAboardSchema({ variant, needsEmail, usernameTaken });
  const errors = useMemo(() => (usernameError ? { username: { type: 'server', message: usernameError } } : undefined), [usernameError]);
  const form = useZodForm(schema, {
    defaultValues: { username: draft.username, name: draft.name, email: draft.email, age: draft.age, toc: draft.toc },
    errors,
  });
  useEffect(() => {
    const subscription = form.watch((values) => onEdit(values));
    return () => subscription.unsubscribe();
  }, [form, onEdit]);

  return (
    <Form form={form} onSubmit={onContinue} data-testid="welcome-aboard">
      <Steps>
        <p className="intro">{T.intro}</p>
        <UsernameField availability={availability} hint={variant === 'partner' ? T.partnerUsernameHint : T.usernameHint} />
        <FormTextField<WelcomeAboardValues> name="name" label={T.nameLabel} autoComplete="nickname" maxLength={40} />
        {needsEmail ? <FormTextField<WelcomeAboardValues> name="email" label={T.emailLabel} type="email" autoComplete="email" hint={T.emailHint} /> : null}
        <div className="rules">
          <h2>{T.rulesHeading}</h2>
          <ul>
            {T.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
        <FormCheckboxField<WelcomeAboardValues> name="age" label={T.ageLabel} />
        <FormCheckboxField<WelcomeAboardValues> name="toc" label={<AgreementLabel before={T.termsLabelBefore} link={T.termsLink} to="/terms" />} />
        <div className="actions">
          <Button type="submit">{T.continue}</Button>
        </div>
      </Steps>
    </Form>
  );
}
