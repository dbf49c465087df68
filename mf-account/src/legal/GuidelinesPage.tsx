import { Link } from '@fable/shared';
import { SupportLink } from '../brand/SupportLink';
import { useBrandInfo } from '../brand/useBrandInfo';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { LEGAL_LAST_UPDATED } from './legalDates';

export const GUIDELINES_TITLE = 'Community Guidelines';

/** /guidelines */
export function GuidelinesPage() {
  const { name } = useBrandInfo();
  const sections: LegalSection[] = [
    {
      id: 'never-allowed',
      heading: 'Never allowed',
      content: (
        <>
          <p>These rules have no exceptions, in public or private chatbots, personas, lorebooks, group chats, images and chats:</p>
          <ul>
            <li>
              <strong>No underage content.</strong> No sexual or sexualised content involving minors, characters described or
              drawn as minors or childlike, or &quot;aged-up&quot; characters who are still presented as children.
            </li>
            <li>
              <strong>No incest.</strong> No sexual content between blood relatives.
            </li>
            <li>
              <strong>No hate speech.</strong> No content that attacks or dehumanises people for their race, ethnicity,
              religion, nationality, disability, sex, gender identity or sexual orientation.
            </li>
            <li>
              <strong>No real people in sexual content.</strong> No sexual or degrading content about real, identifiable
              people, and no photos of real people as avatars of sexual characters.
            </li>
            <li>
              <strong>Nothing illegal.</strong> No content that promotes terrorism, gives real instructions for serious harm,
              or breaks the law in another way.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'adult-content',
      heading: 'Adult content',
      content: (
        <p>
          {name} allows fiction for adults. Chatbots and avatars with explicit content must be marked NSFW so that they are shown
          only to members who chose to see explicit content, and hidden in safe mode. Every character in sexual content must
          be an adult.
        </p>
      ),
    },
    {
      id: 'respect',
      heading: 'Respect other people',
      content: (
        <ul>
          <li>No harassment, threats or bullying of other users or creators.</li>
          <li>Do not share anyone&apos;s personal information (addresses, phone numbers, private photos).</li>
          <li>Do not impersonate other creators, staff or real people.</li>
          <li>No spam, scams, or chatbots that only exist to advertise.</li>
        </ul>
      ),
    },
    {
      id: 'honest-listings',
      heading: 'Honest listings',
      content: (
        <p>
          Give your chatbots a fitting name, description, tags and rating. A safe-for-work label on explicit content, or
          misleading tags, is a categorisation problem and will be corrected. Only upload characters, art and text that you
          made or have the right to use.
        </p>
      ),
    },
    {
      id: 'reporting',
      heading: 'Reporting',
      content: (
        <p>
          If you see something that breaks these guidelines, use Report on the chatbot, or the{' '}
          <Link to="/report">report form</Link>. Reports are handled within 7 days. A reported chatbot may be made private,
          modified or deleted. You can also block a creator to stop seeing their chatbots.
        </p>
      ),
    },
    {
      id: 'enforcement',
      heading: 'Enforcement',
      content: (
        <>
          <p>Depending on how serious and repeated a violation is, we may:</p>
          <ul>
            <li>remove or change the content, or make a chatbot private;</li>
            <li>
              <strong>restrict</strong> the account: you can still chat, but cannot upload or edit chatbots;
            </li>
            <li>
              put the account on a <strong>temporary hold</strong>: no access until the hold ends;
            </li>
            <li>
              <strong>terminate</strong> the account permanently. Content involving minors always leads to termination and may
              be reported to the authorities.
            </li>
          </ul>
          <p>
            If you believe a decision was a mistake, contact <SupportLink />. These guidelines are part of our{' '}
            <Link to="/terms">Terms of Service</Link>.
          </p>
        </>
      ),
    },
  ];
  return (
    <LegalDocument
      title={GUIDELINES_TITLE}
      lastUpdated={LEGAL_LAST_UPDATED.guidelines}
      intro={
        <p>
          {name} is a place for creative, collaborative fiction. These guidelines keep it safe for everyone; they apply to
          everything you create and share here.
        </p>
      }
      sections={sections}
    />
  );
}
