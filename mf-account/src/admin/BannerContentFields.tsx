import { BANNER_PLACEMENTS } from '@fable/contracts';
import { FormCheckboxField, FormRadioGroupField, FormSelectField, FormTextAreaField, FormTextField, useFormContext, useWatch } from '@fable/shared/forms';
import { ADMIN_BANNERS_TEXTS } from './adminBannersTexts';
import type { BannerFormValues } from './bannerForm';

const T = ADMIN_BANNERS_TEXTS.form;
type V = BannerFormValues;

const PLACEMENTS = BANNER_PLACEMENTS.map((p) => ({ value: p, label: ADMIN_BANNERS_TEXTS.placements[p] }));
const SHAPES = (['pill', 'square'] as const).map((s) => ({ value: s, label: T.shapes[s] }));
const LINK_TYPES = (['internal', 'external'] as const).map((t) => ({ value: t, label: T.linkTypes[t] }));

/** The banner's one optional button: its label, shape and where it goes (a path of the site or an https URL). */
function ActionFields() {
  const { control } = useFormContext<V>();
  const [withAction, actionType] = useWatch({ control, name: ['withAction', 'actionType'] });
  return (
    <>
      <FormCheckboxField<V> name="withAction" label={T.withAction} />
      {withAction ? (
        <>
          <div className="row">
            <FormTextField<V> name="actionLabel" label={T.actionLabel} limit={40} autoComplete="off" />
            <FormSelectField<'pill' | 'square', V> name="actionShape" label={T.actionShape} options={SHAPES} />
          </div>
          <FormRadioGroupField<'internal' | 'external', V> name="actionType" legend={T.actionType} options={LINK_TYPES} />
          <FormTextField<V>
            name="actionDestination"
            label={T.destination}
            hint={actionType === 'external' ? T.externalHint : T.internalHint}
            placeholder={actionType === 'external' ? 'https://' : '/sale'}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
        </>
      ) : null}
    </>
  );
}

/** What the banner says and looks like: name, placement, title, description, background colour, closable, button. */
export function BannerContentFields() {
  return (
    <fieldset className="section">
      <legend>{T.content}</legend>
      <div className="row">
        <FormTextField<V> name="name" label={T.name} limit={80} autoComplete="off" />
        <FormSelectField<(typeof BANNER_PLACEMENTS)[number], V> name="placement" label={T.placement} options={PLACEMENTS} />
      </div>
      <FormTextField<V> name="title" label={T.title} limit={120} autoComplete="off" />
      <FormTextAreaField<V> name="description" label={T.description} limit={400} rows={3} />
      <div className="row">
        <FormTextField<V> name="backgroundColor" label={T.backgroundColor} type="color" className="color" />
        <div className="check">
          <FormCheckboxField<V> name="closable" label={T.closable} />
        </div>
      </div>
      <ActionFields />
    </fieldset>
  );
}
