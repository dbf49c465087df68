import { Button } from '@fable/shared';
import { CheckboxField } from '@fable/shared/forms';
import { Notes, Section, SubmitError } from './checkoutLayout';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';

interface SubscribeStepProps {
  terms: boolean;
  onTerms: (accepted: boolean) => void;
  termsUrl: string;
  /** Shown under the terms once they are accepted while the card is not complete. */
  termsError: string | null;
  submitError: { message: string; retry: boolean } | null;
  onRetry: () => void;
  /** Paying by card (Subscribe) or by a redirect provider (Continue to payment). */
  byCard: boolean;
  submitting: boolean;
  redirecting: boolean;
  disabled: boolean;
}

/** The terms and the text states, the payment's error with Try again, and Subscribe (document 2 §4, §8). */
export function SubscribeStep({ terms, onTerms, termsUrl, termsError, submitError, onRetry, byCard, submitting, redirecting, disabled }: SubscribeStepProps) {
  const busy = submitting || redirecting;
  return (
    <>
      <Section>
        <CheckboxField
          name="terms"
          checked={terms}
          onChange={onTerms}
          label={
            <>
              {T.termsLabel.replace('Terms & Conditions', '')}
              <a href={termsUrl} target="_blank" rel="noopener noreferrer">
                Terms &amp; Conditions
              </a>
            </>
          }
          error={termsError}
        />
        <ul className="text-states">
          {T.textStates.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </Section>

      {submitError && (
        <SubmitError role="alert">
          <span>{submitError.message}</span>
          {submitError.retry && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              {T.retry}
            </Button>
          )}
        </SubmitError>
      )}
      {redirecting && <Notes role="status">{T.redirecting}</Notes>}
      <Button type="submit" size="lg" fullWidth disabled={disabled} loading={busy}>
        {busy ? T.processing : byCard ? T.subscribe : T.continueToPayment}
      </Button>
    </>
  );
}
