import { useEffect } from 'react';
import { CHECKOUT_LIMITS as L, postalCodeLabel, stateLabel, type Country, type CountryState } from '@fable/contracts';
import { FormSelectField, FormTextField, useFormContext } from '@fable/shared/forms';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';
import { useCheckout_countryStatesQuery } from './checkoutApi';
import type { CheckoutValues } from './checkoutForm';

const NO_STATES: readonly CountryState[] = [];

interface PersonalInfoFieldsProps {
  countries: readonly Country[];
  country: string;
  state: string;
  /** Called with the country's states once they are known (an empty list: the state is optional). */
  onStates: (states: readonly CountryState[] | null) => void;
  /** The names are hidden while the on-file summary stands for them. */
  showNames: boolean;
  /** The address is hidden while the on-file summary stands for it. */
  showAddress: boolean;
}

/**
 * The personal information (document 2 §2, §3, §5): email, first and last name (30), country, state and postal code
 * (16) with the label rules: Zip for US, PH, IR (Postal Code otherwise); State for US, AU, BR, IN, MX, NG, DE
 * (Province otherwise). Changing the country reloads its states; a state not in the new list is cleared; a country
 * without states has no state field (optional).
 */
export function PersonalInfoFields({ countries, country, state, onStates, showNames, showAddress }: PersonalInfoFieldsProps) {
  const { setValue } = useFormContext<CheckoutValues>();
  const statesQuery = useCheckout_countryStatesQuery(country, { skip: country === '' });
  const states = country === '' ? NO_STATES : statesQuery.isSuccess ? statesQuery.data : null;

  useEffect(() => {
    onStates(states);
    if (states === null) return;
    setValue('stateOptional', states.length === 0);
    if (state !== '' && !states.some((s) => s.state_code === state)) setValue('state', '', { shouldValidate: false });
  }, [states, state, onStates, setValue]);

  const postal = postalCodeLabel(country || 'XX');
  const stateName = stateLabel(country || 'XX');
  return (
    <>
      <FormTextField<CheckoutValues> name="email" label={T.email} type="email" autoComplete="email" inputMode="email" maxLength={L.emailMax} required />
      {showNames && (
        <div className="pair">
          <FormTextField<CheckoutValues> name="first_name" label={T.firstName} autoComplete="given-name" maxLength={L.firstNameMax} required />
          <FormTextField<CheckoutValues> name="last_name" label={T.lastName} autoComplete="family-name" maxLength={L.lastNameMax} required />
        </div>
      )}
      {showAddress && (
        <>
          <FormSelectField<string, CheckoutValues>
            name="country"
            label={T.country}
            autoComplete="country"
            options={[{ value: '', label: T.chooseCountry }, ...countries.map((c) => ({ value: c.iso2, label: c.name }))]}
          />
          <div className="pair">
            {states && states.length > 0 && (
              <FormSelectField<string, CheckoutValues>
                name="state"
                label={stateName}
                autoComplete="address-level1"
                options={[{ value: '', label: T.chooseState(stateName) }, ...states.map((s) => ({ value: s.state_code, label: s.name }))]}
              />
            )}
            <FormTextField<CheckoutValues> name="postal_code" label={postal} autoComplete="postal-code" maxLength={L.postalCodeMax} required />
          </div>
        </>
      )}
    </>
  );
}
