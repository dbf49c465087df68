import type { PaymentMethod } from '@fable/contracts';
import { RadioGroupField, SelectField } from '@fable/shared/forms';
import { Section } from './checkoutLayout';
import { CHECKOUT_TEXTS as T, PAYMENT_METHOD_LABELS, PAYSSION_OPTION_LABELS } from './checkoutTexts';

interface PaymentMethodStepProps {
  paymentMethods: readonly PaymentMethod[];
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  /** Payssion's options in the chosen country, and the one chosen. */
  payssionOptions: readonly string[];
  payssionOption: string | null;
  onPayssionOption: (option: string) => void;
}

/** The payment method, when there is a choice, and Payssion's option in the country (document 2 §4). */
export function PaymentMethodStep({ paymentMethods, method, onMethod, payssionOptions, payssionOption, onPayssionOption }: PaymentMethodStepProps) {
  if (paymentMethods.length <= 1) return null;
  return (
    <Section>
      <RadioGroupField<PaymentMethod>
        legend={T.paymentMethod}
        name="payment_method"
        value={method}
        options={paymentMethods.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        onChange={onMethod}
      />
      {method === 'payssion' && payssionOptions.length > 0 && (
        <SelectField<string>
          label={T.payssionOption}
          name="payment_option"
          value={payssionOption ?? ''}
          options={payssionOptions.map((o) => ({ value: o, label: PAYSSION_OPTION_LABELS[o] ?? o }))}
          onChange={onPayssionOption}
        />
      )}
    </Section>
  );
}
