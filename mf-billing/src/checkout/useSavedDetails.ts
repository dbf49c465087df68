import { useEffect, useRef, useState } from 'react';
import type { OnFile, PaymentMethod } from '@fable/contracts';
import type { ZodForm } from '@fable/shared/forms';
import type { checkoutSchema, CheckoutValues } from './checkoutForm';

/** The card on file, shown in place of the card fields. */
export type SavedCard = NonNullable<OnFile['credit_card']>;

/**
 * Saved details (on_file): a summary with Change stands for the names and address (the empty names are filled from
 * the file once); the saved card stands for the card fields until the member changes it.
 */
export function useSavedDetails(form: ZodForm<typeof checkoutSchema>, onFile: OnFile | null, values: CheckoutValues, method: PaymentMethod) {
  const [editingDetails, setEditingDetails] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
  const filledFromFile = useRef(false);
  useEffect(() => {
    if (!onFile || filledFromFile.current) return;
    filledFromFile.current = true;
    const current = form.getValues();
    if (current.first_name.trim() === '') form.setValue('first_name', onFile.first_name);
    if (current.last_name.trim() === '') form.setValue('last_name', onFile.last_name);
  }, [onFile, form]);
  const detailsFromFile = onFile !== null && !editingDetails && (values.first_name ?? '').trim() !== '' && (values.last_name ?? '').trim() !== '';
  const savedCard: SavedCard | null = method === 'card' && onFile?.credit_card && !changingCard ? onFile.credit_card : null;
  return {
    detailsFromFile,
    editDetails: () => setEditingDetails(true),
    savedCard,
    /** Whether the member chose another card than the one on file (Use saved card is then offered). */
    changingSavedCard: Boolean(onFile?.credit_card) && changingCard,
    setChangingCard,
  };
}
