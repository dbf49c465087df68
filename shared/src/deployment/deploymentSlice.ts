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
  },
  selectors: {
    selectDeployment: (state) => state.current,
    selectBrand: (state) => state.current?.brand ?? null,
    selectPartnerMode: (state) => state.current?.partner.enabled ?? false,
    selectFlag: (state, flag: FeatureFlag) => state.current?.flags[flag] === true,
    selectHiddenByPartner: (state, feature: PartnerHiddenFeature) =>
      state.current ? isHiddenByPartner(state.current, feature) : false,
  },
});

export const { deploymentLoaded } = deploymentSlice.actions;
export const { selectDeployment, selectBrand, selectPartnerMode, selectFlag, selectHiddenByPartner } = deploymentSlice.selectors;
