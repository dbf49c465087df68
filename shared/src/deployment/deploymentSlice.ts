import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isHiddenByPartner, type Deployment, type FeatureFlag, type PartnerHiddenFeature } from '@fable/contracts';

/** The deployment this page runs under (brand, partner mode, flags), set by the host at boot. */
export const deploymentSlice = createSlice({
  name: 'deployment',
  initialState: { current: null as Deployment | null },
  reducers: {
    deploymentLoaded(state, action: PayloadAction<Deployment>) {
      state.current = action.payload;
    },
    /**
     * The application's feature flags from its app settings (document 1 §3 "growth-flag config"): they override the
     * deployment's, which hold until the settings arrive (and for flags the settings do not name).
     */
    flagsServed(state, action: PayloadAction<Partial<Record<FeatureFlag, boolean>>>) {
      if (state.current) state.current.flags = { ...state.current.flags, ...action.payload };
    },
  },
  selectors: {
    selectDeployment: (state) => state.current,
    selectBrand: (state) => state.current?.brand ?? null,
    selectPartnerMode: (state) => state.current?.partner.enabled ?? false,
    selectFlag: (state, flag: FeatureFlag) => state.current?.flags[flag] === true,
    /** A flag for a remote's own variant: on where the deployment turns it on, and in the standalone harness (no deployment). */
    selectFeatureOn: (state, flag: FeatureFlag) => state.current === null || state.current.flags[flag] === true,
    selectHiddenByPartner: (state, feature: PartnerHiddenFeature) =>
      state.current ? isHiddenByPartner(state.current, feature) : false,
  },
});

export const { deploymentLoaded, flagsServed } = deploymentSlice.actions;
export const { selectDeployment, selectBrand, selectPartnerMode, selectFlag, selectFeatureOn, selectHiddenByPartner } =
  deploymentSlice.selectors;
