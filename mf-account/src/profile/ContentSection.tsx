import { CHAT_LANGUAGES, LANGUAGE_NAMES, type ChatLanguage } from '@fable/contracts';
import { FormCheckboxField, FormSelectField } from '@fable/shared/forms';
import type { ProfileValues } from './profileForm';
import { Note, Section } from './profileLayout';
import { PROFILE_TEXTS as T } from './profileTexts';

const LANGUAGE_OPTIONS = CHAT_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

function Labelled({ label, hint }: { label: string; hint: string }) {
  return (
    <>
      <strong>{label}</strong>
      <br />
      <Note as="span">{hint}</Note>
    </>
  );
}

/** The Content section: the NSFW display settings (not in partner mode, document 1 §1) and the chat language. */
export function ContentSection({ partner }: { partner: boolean }) {
  return (
    <Section aria-labelledby="content-section">
      <h2 id="content-section">{T.contentSection}</h2>
      {partner ? null : (
        <>
          <FormCheckboxField<ProfileValues> name="showNSFW" label={<Labelled label={T.showNsfwLabel} hint={T.showNsfwHint} />} />
          <FormCheckboxField<ProfileValues> name="blurNSFW" label={<Labelled label={T.blurNsfwLabel} hint={T.blurNsfwHint} />} />
        </>
      )}
      <FormSelectField<ChatLanguage, ProfileValues> name="chatLanguage" label={T.chatLanguageLabel} options={LANGUAGE_OPTIONS} />
    </Section>
  );
}
