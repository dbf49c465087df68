import styled from '@emotion/styled';
import { BANNER_AUDIENCES, TIERS, type Tier } from '@fable/contracts';
import { FormRadioGroupField, FormTextField, useController, useFieldNote, useFormContext } from '@fable/shared/forms';
import { ADMIN_BANNERS_TEXTS } from './adminBannersTexts';
import type { BannerFormValues } from './bannerForm';

const T = ADMIN_BANNERS_TEXTS.form;
type V = BannerFormValues;

const AUDIENCES = BANNER_AUDIENCES.map((a) => ({ value: a, label: ADMIN_BANNERS_TEXTS.audiences[a] }));

const Tiers = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 8px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  .boxes {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  label:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
  &[data-invalid='true'] label {
    border-color: ${({ theme }) => theme.colors.error};
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  .field-note-row {
    margin-top: 6px;
  }
`;

/** The tiers it targets, as checkboxes (none: every tier); the schema's message (guests have no tier) under them. */
function TiersField() {
  const { control, clearErrors } = useFormContext<V>();
  const { field, fieldState } = useController({ control, name: 'tiers' });
  const chosen = field.value;
  const note = useFieldNote({ error: fieldState.error?.message ?? null, hint: T.tiersHint });
  const toggle = (tier: Tier, on: boolean) => {
    field.onChange(TIERS.filter((t) => (t === tier ? on : chosen.includes(t))));
    if (fieldState.error) clearErrors('tiers');
  };
  return (
    <Tiers role="group" data-invalid={note.invalid} aria-describedby={note.describedBy}>
      <legend>{T.tiers}</legend>
      <div className="boxes">
        {TIERS.map((tier, i) => (
          <label key={tier}>
            <input
              ref={i === 0 ? field.ref : undefined}
              type="checkbox"
              name="tiers"
              value={tier}
              checked={chosen.includes(tier)}
              aria-invalid={note.invalid}
              onChange={(e) => toggle(tier, e.target.checked)}
            />
            <span>{ADMIN_BANNERS_TEXTS.tiers[tier]}</span>
          </label>
        ))}
      </div>
      {note.row}
    </Tiers>
  );
}

/** When it runs (datetime-local, the viewer's time) and who sees it: applications, tiers, signed-in state, screens. */
export function BannerAudienceFields() {
  return (
    <>
      <fieldset className="section">
        <legend>{T.schedule}</legend>
        <div className="row">
          <FormTextField<V> name="startsAt" label={T.startsAt} type="datetime-local" />
          <FormTextField<V> name="endsAt" label={T.endsAt} type="datetime-local" hint={T.endsHint} />
        </div>
      </fieldset>
      <fieldset className="section">
        <legend>{T.targeting}</legend>
        <FormTextField<V> name="applications" label={T.applications} hint={T.applicationsHint} autoComplete="off" spellCheck={false} />
        <TiersField />
        <FormRadioGroupField<(typeof BANNER_AUDIENCES)[number], V> name="signedIn" legend={T.signedIn} options={AUDIENCES} />
        <FormTextField<V> name="screens" label={T.screens} hint={T.screensHint} placeholder="home, chats" autoComplete="off" spellCheck={false} />
      </fieldset>
    </>
  );
}
