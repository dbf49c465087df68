import styled from '@emotion/styled';
import { BANNER_AUDIENCES, TIERS, type Tier } from '@fable/contracts';
import { Fieldset, FormRadioGroupField, FormTextField, useController, useFieldNote, useFormContext } from '@fable/shared/forms';
import { ADMIN_BANNERS_TEXTS } from './adminBannersTexts';
import type { BannerFormValues } from './bannerForm';

const T = ADMIN_BANNERS_TEXTS.form;
type V = BannerFormValues;

const AUDIENCES = BANNER_AUDIENCES.map((a) => ({ value: a, label: ADMIN_BANNERS_TEXTS.audiences[a] }));

/** The form kit's fieldset, its boxes in a wrapping row of compact checkboxes. */
const Tiers = styled(Fieldset)`
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
  }
  &[data-invalid='true'] label {
    border-color: ${({ theme }) => theme.colors.error};
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
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
