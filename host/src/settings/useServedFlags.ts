import { FEATURE_FLAGS, type FeatureFlag } from '@fable/contracts';
import { flagsServed, useAppDispatch } from '@fable/shared';
import { useEffect } from 'react';
import { useShellSettings } from './appSettingsApi';

/** The feature flags among app settings' growth flags: known names with a boolean value; others are ignored. */
export function featureFlagsOf(growthFlags: Readonly<Record<string, unknown>> | undefined): Partial<Record<FeatureFlag, boolean>> {
  const flags: Partial<Record<FeatureFlag, boolean>> = {};
  for (const flag of FEATURE_FLAGS) {
    const value = growthFlags?.[flag];
    if (typeof value === 'boolean') flags[flag] = value;
  }
  return flags;
}

/**
 * Serves each application's feature flags from its app settings (issue 29: "each flag served per application by app
 * settings") into the deployment every remote reads through selectFlag; the deployment's own flags hold until then.
 */
export function useServedFlags(): void {
  const growthFlags = useShellSettings()?.growthFlags;
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (growthFlags) dispatch(flagsServed(featureFlagsOf(growthFlags)));
  }, [dispatch, growthFlags]);
}
