import type { Country, CountryState } from '@fable/contracts';
import { Button } from '@fable/shared';
import type { CheckoutValues } from './checkoutForm';
import { DetailsSummary, Notes, Section } from './checkoutLayout';
import { CHECKOUT_TEXTS as T, PAYMENT_NOTES } from './checkoutTexts';
import { PersonalInfoFields } from './PersonalInfoFields';

interface BillingDetailsStepProps {
  countries: readonly Country[];
  values: CheckoutValues;
  /** The country's states, null until they are known. */
  states: readonly CountryState[] | null;
  onStates: (states: readonly CountryState[] | null) => void;
  /** Whether the on-file summary stands for the names and address. */
  fromFile: boolean;
  onEditFromFile: () => void;
}

/**
 * The personal information: the email, then the names and the billing address (country, state, postal code) or the
 * summary of the details on file with Change, and the country's payment note.
 */
export function BillingDetailsStep({ countries, values, states, onStates, fromFile, onEditFromFile }: BillingDetailsStepProps) {
  const country = values.country ?? '';
  const stateValue = values.state ?? '';
  const note = PAYMENT_NOTES[country];
  const countryName = countries.find((c) => c.iso2 === country)?.name ?? country;
  const stateName = states?.find((s) => s.state_code === stateValue)?.name ?? '';
  return (
    <Section aria-labelledby="personal-info-title">
      <h2 id="personal-info-title">{T.personalInfo}</h2>
      {fromFile && (
        <DetailsSummary aria-label={T.onFileTitle}>
          <div>
            <strong>
              {values.first_name} {values.last_name}
            </strong>
            <span>{[stateName, values.postal_code, countryName].filter(Boolean).join(', ')}</span>
          </div>
          <Button variant="secondary" size="sm" onClick={onEditFromFile} aria-label={`${T.change} ${T.onFileTitle.toLowerCase()}`}>
            {T.change}
          </Button>
        </DetailsSummary>
      )}
      <PersonalInfoFields countries={countries} country={country} state={stateValue} onStates={onStates} showNames={!fromFile} showAddress={!fromFile} />
      {note && <Notes role="note">{note}</Notes>}
    </Section>
  );
}
