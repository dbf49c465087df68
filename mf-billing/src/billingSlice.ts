import { createSlice, type PayloadAction, type WithSlice } from '@fable/shared';
import { injectSlice } from '@fable/shared';
import type { BillingFrequency } from './plans/plans';

export interface BillingState {
  /**
   * The billing frequency the user last chose (Pay Annually / Pay Monthly), so that the subscribe page and
   * the plan comparison open on the same tab. A URL that names a frequency wins over it.
   */
  frequency: BillingFrequency;
}

const initialState: BillingState = { frequency: 'monthly' };

export const billingSlice = createSlice({
  name: 'billing',
  initialState,
  reducers: {
    frequencyChosen(state, action: PayloadAction<BillingFrequency>) {
      state.frequency = action.payload;
    },
  },
  selectors: {
    selectBillingFrequency: (state) => state.frequency,
  },
});

/** The slice injected into the page's one root reducer (its state lives under `billing`). */
export const injectedBillingSlice = injectSlice(billingSlice);

export const { frequencyChosen } = billingSlice.actions;
export const { selectBillingFrequency } = injectedBillingSlice.selectors;

declare module '@fable/shared' {
  // The store's state type knows the billing slice (optional until this remote is loaded).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof billingSlice> {}
}
