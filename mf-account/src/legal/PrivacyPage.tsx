import { useBrandInfo } from '../brand/useBrandInfo';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { LEGAL_LAST_UPDATED } from './legalDates';
import * as Privacy from './PrivacySections';

export const PRIVACY_TITLE = 'Privacy Policy';

/** /privacy */
export function PrivacyPage() {
  const { name, addresses } = useBrandInfo();
  const sections: LegalSection[] = [
    { id: 'who-we-are', heading: 'Who we are', content: <Privacy.WhoWeAre name={name} addresses={addresses} /> },
    { id: 'what-we-collect', heading: 'What we collect', content: <Privacy.WhatWeCollect name={name} /> },
    { id: 'how-we-use-it', heading: 'How we use it', content: <Privacy.HowWeUseIt name={name} /> },
    { id: 'advertising', heading: 'Advertising', content: <Privacy.Advertising /> },
    { id: 'sharing', heading: 'Who we share it with', content: <Privacy.Sharing name={name} /> },
    { id: 'on-your-device', heading: 'Cookies and storage on your device', content: <Privacy.OnYourDevice /> },
    { id: 'retention', heading: 'How long we keep it', content: <Privacy.Retention /> },
    { id: 'your-rights', heading: 'Your choices and rights', content: <Privacy.YourRights /> },
    { id: 'children', heading: 'Children', content: <Privacy.Children name={name} /> },
    { id: 'security', heading: 'Security', content: <Privacy.Security name={name} /> },
    { id: 'changes', heading: 'Changes', content: <Privacy.Changes /> },
  ];
  return (
    <LegalDocument
      title={PRIVACY_TITLE}
      lastUpdated={LEGAL_LAST_UPDATED.privacy}
      intro={<p>This policy explains what personal data {name} collects, why, who it is shared with and the choices you have.</p>}
      sections={sections}
    />
  );
}
