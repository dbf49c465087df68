import { selectDeployment, useAppSelector } from '@fable/shared';

/** Used while no deployment is loaded (the remote running alone, or a test). */
export const FALLBACK_BRAND_NAME = 'Fable';

export interface BrandInfo {
  /** The deployment's brand name: white-label brands show their own. */
  name: string;
  /** The brand's support link (mailto: or https), or null when no deployment is loaded. */
  supportUrl: string | null;
  /** The owner's postal addresses, as the footer shows them. */
  addresses: readonly string[];
  /** Main brand only: store badges, supporter platforms, the 2257 footer link. */
  isMainBrand: boolean;
}

/** The brand of the deployment this page runs under (set by the host at boot). */
export function useBrandInfo(): BrandInfo {
  const deployment = useAppSelector(selectDeployment);
  if (!deployment) return { name: FALLBACK_BRAND_NAME, supportUrl: null, addresses: [], isMainBrand: true };
  return {
    name: deployment.brand.name,
    supportUrl: deployment.brand.links.support,
    addresses: deployment.brand.footer.addresses,
    isMainBrand: deployment.kind === 'main',
  };
}
