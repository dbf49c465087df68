import { Button } from '@fable/shared';
import { CheckboxField } from '@fable/shared/forms';
import { AgreementLabel } from './AgreementLabel';
import { Steps } from './onboardingLayout';
import { SIGNUP_TEXTS as T } from './signupTexts';

/** The Community Guidelines Agreement: its box must be ticked to enable Start Chatting (document 1 §5). */
export function GuidelinesStep({
  agreed,
  onAgree,
  onBack,
  onStart,
  submitting,
}: {
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  onBack: () => void;
  onStart: () => void;
  submitting: boolean;
}) {
  return (
    <Steps data-testid="community-guidelines">
      <p className="intro">{T.guidelinesIntro}</p>
      <div className="rules">
        <ul>
          {T.guidelinesDetails.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <CheckboxField
        name="guidelines"
        label={<AgreementLabel before={T.guidelinesLabelBefore} link={T.guidelinesLink} to="/guidelines" />}
        checked={agreed}
        onChange={onAgree}
      />
      <div className="actions">
        <Button variant="secondary" onClick={onBack} disabled={submitting}>
          {T.back}
        </Button>
        <Button onClick={onStart} disabled={!agreed} loading={submitting}>
          {T.startChatting}
        </Button>
      </div>
    </Steps>
  );
}
