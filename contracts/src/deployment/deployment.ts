// zod/mini: the host validates its deployment at boot, on the critical path; the mini build tree-shakes
// to the few checks used here (docs/adr/0001-critical-path-zod-mini.md).
import * as z from 'zod/mini';
import { RemoteManifestSchema, RemoteNameSchema, type RemoteName } from '../remotes/remoteManifest';
import { FeatureFlagSchema } from './featureFlags';

export * from './featureFlags';
export * from './rollout';

const httpUrl = z.string().check(z.regex(/^(https?:\/\/|\/|mailto:)/, 'must be an http(s) or mailto URL, or an absolute path'));

/** What partner mode hides (document 1 §1). */
export const PARTNER_HIDDEN_FEATURES = [
  'waiting_queue',
  'banners',
  'nsfw_toggle',
  'report',
  'token_counts',
  'share',
  'footer_items',
  'side_navigation',
] as const;
export const PartnerHiddenFeatureSchema = z.enum(PARTNER_HIDDEN_FEATURES);
export type PartnerHiddenFeature = z.infer<typeof PartnerHiddenFeatureSchema>;

export const BrandSchema = z.object({
  name: z.string().check(z.minLength(1)),
  logoUrl: httpUrl,
  logoDarkUrl: z.optional(httpUrl),
  colors: z.object({
    primary: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
    accent: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  }),
  footer: z.object({
    /** Owner addresses shown in the main footer. */
    addresses: z._default(z.array(z.string()), []),
    /** Partner footer's custom bottom line, plain text. */
    bottomLine: z.optional(z.string()),
  }),
  links: z.object({
    support: httpUrl,
    terms: httpUrl,
    privacy: httpUrl,
    refund: httpUrl,
    affiliates: z.optional(httpUrl),
    discord: z.optional(httpUrl),
    x: z.optional(httpUrl),
    reddit: z.optional(httpUrl),
  }),
});
export type Brand = z.infer<typeof BrandSchema>;

const entryUrl = z.string().check(z.regex(/^(https?:\/\/[^\s/]+)?\/\S*$/, 'must be an http(s) URL or an absolute path'));

/**
 * A new version of a remote going to a share of users (rollout.ts chooses them, stably by user or device), beside
 * the version everyone else gets. Set, changed, promoted and rolled back by deploy/scripts/rolloutRemote.ts.
 */
export const RemoteCanarySchema = z.object({
  entry: entryUrl,
  /** Whole percent of users, 0–100. */
  // A refinement, not z.int() with bounds: the host validates its deployment at boot, and these bytes are its.
  share: z.number().check(z.refine((share) => Number.isInteger(share) && share >= 0 && share <= 100, 'must be a whole percent from 0 to 100')),
  /** Its published fable-remote.json, inlined as the entry's is. */
  manifest: z.optional(RemoteManifestSchema),
});
export type RemoteCanary = z.infer<typeof RemoteCanarySchema>;

export const RemoteEntrySchema = z.object({
  /** Where the remote's mf-manifest.json is published (a versioned path). */
  entry: entryUrl,
  enabled: z._default(z.boolean(), true),
  /**
   * The remote's published fable-remote.json (its routes, navigation, slots and versions), inlined by the publish
   * step so that the host reads it with the deployment, without a request of its own. Absent in a source
   * deployment (deploy/deployments); the host then reads it beside the entry (development only).
   */
  manifest: z.optional(RemoteManifestSchema),
  /** A version being rolled out to a share of users; absent when everyone gets `entry`. */
  canary: z.optional(RemoteCanarySchema),
});
export type RemoteEntry = z.infer<typeof RemoteEntrySchema>;

/** An http(s) origin, no path; a leading `*.` allows its subdomains (CSP host-source syntax). */
const EMBEDDER_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

export const DeploymentSchema = z.object({
  /** The deployment's file name under deploy/deployments, without .json. */
  id: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  applicationId: z.string().check(z.minLength(1)),
  /** main: the main brand (leaderboard, supporter links, full footer); sister: another brand; partner: white-label. */
  kind: z.enum(['main', 'sister', 'partner']),
  brand: BrandSchema,
  hostnames: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
  partner: z.object({
    enabled: z.boolean(),
    hiddenFeatures: z._default(z.array(PartnerHiddenFeatureSchema), []),
    logoutDomain: z.optional(z.string()),
  }),
  flags: z._default(z.partialRecord(FeatureFlagSchema, z.boolean()), {}),
  remotes: z.record(RemoteNameSchema, RemoteEntrySchema),
  /**
   * Origins allowed to show the site in a frame (a partner embedding us), for the pages' CSP frame-ancestors.
   * None by default: only the site itself may frame its pages.
   */
  embedders: z._default(z.array(z.string().check(z.regex(EMBEDDER_ORIGIN, 'must be an origin like https://partner.example (no path)'))), []),
});
export type Deployment = z.infer<typeof DeploymentSchema>;
export type DeploymentInput = z.input<typeof DeploymentSchema>;

/** The remotes a deployment enables, in the order it lists them. */
export function enabledRemotes(deployment: Deployment): RemoteName[] {
  return Object.entries(deployment.remotes)
    .filter(([, remote]) => remote.enabled)
    .map(([name]) => name);
}

/** Whether partner mode hides a feature. */
export function isHiddenByPartner(deployment: Deployment, feature: PartnerHiddenFeature): boolean {
  return deployment.partner.enabled && deployment.partner.hiddenFeatures.includes(feature);
}

/**
 * The element through which the site server hands the host page its hostname's deployment (a JSON script block, not
 * executed, so under no script policy): the host reads it instead of asking /deployment.json, one round trip less.
 */
export const INLINE_DEPLOYMENT_ELEMENT_ID = 'fable-deployment';
