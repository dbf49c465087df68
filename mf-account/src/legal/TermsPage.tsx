import { useBrandInfo } from '../brand/useBrandInfo';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { LEGAL_LAST_UPDATED } from './legalDates';
import * as Terms from './TermsSections';

export const TERMS_TITLE = 'Terms of Service';

/** /terms */
export function TermsPage() {
  const { name } = useBrandInfo();
  const sections: LegalSection[] = [
    { id: 'agreement', heading: 'Agreement', content: <Terms.Agreement name={name} /> },
    { id: 'eligibility', heading: 'Who may use the service', content: <Terms.Eligibility /> },
    { id: 'account', heading: 'Your account', content: <Terms.Account /> },
    { id: 'ai-content', heading: 'AI characters and generated content', content: <Terms.AiContent name={name} /> },
    { id: 'your-content', heading: 'Content you create', content: <Terms.YourContent name={name} /> },
    { id: 'prohibited', heading: 'What you must not do', content: <Terms.Prohibited name={name} /> },
    { id: 'subscriptions', heading: 'Subscriptions and payments', content: <Terms.Subscriptions /> },
    { id: 'moderation', heading: 'Moderation, suspension and termination', content: <Terms.Moderation /> },
    { id: 'disclaimers', heading: 'Disclaimers and liability', content: <Terms.Disclaimers name={name} /> },
    { id: 'changes', heading: 'Changes to these terms', content: <Terms.Changes name={name} /> },
    { id: 'contact', heading: 'Contact', content: <Terms.Contact /> },
  ];
  return (
    <LegalDocument
      title={TERMS_TITLE}
      lastUpdated={LEGAL_LAST_UPDATED.terms}
      intro={<p>Please read these terms before using {name}. They are the agreement between you and {name}.</p>}
      sections={sections}
    />
  );
}
