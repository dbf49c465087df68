// zod/mini: the shell reads these at boot, and the mini build tree-shakes (see docs/adr/0001).
import * as z from 'zod/mini';
import { FeatureFlagSchema } from '../deployment/featureFlags';
import { PermissionSchema } from '../permissions/permissions';

/**
 * What a remote publishes beside its mf-manifest.json (`fable-remote.json`): the routes it serves, its navigation
 * entries, the shell slots it fills and the versions it was built against. A remote owns all of it: the source is
 * the remote's own `remote.json`; the build stamps the versions; the publish step inlines it into the deployment
 * that points at the remote, so the host reads it with the deployment and validates it here, at run time.
 */

/** Federation name of a remote: `mf_` and a lower-case word (a new remote needs no change here). */
export const RemoteNameSchema = z.string().check(z.regex(/^mf_[a-z][a-z0-9_]*$/, 'must be mf_ and a lower-case name'));
export type RemoteName = z.infer<typeof RemoteNameSchema>;

const appPath = z.string().check(z.regex(/^\/[^\s]*$/, 'must be an absolute path'));
const semver = z.string().check(z.regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]*)?$/, 'must be a semantic version'));

export const RouteContractSchema = z.object({
  path: appPath,
  /** The page component of the remote's exposed `./routes` that serves the path. */
  page: z.string().check(z.minLength(1)),
  /** Without it the host shows the 403 page (or the limited-access ban screen when the user holds limited_access). */
  permission: z.optional(PermissionSchema),
  /** A member page: a guest is asked to sign in instead. */
  signIn: z.optional(z.boolean()),
});
export type RouteContract = z.infer<typeof RouteContractSchema>;

export const NavPlacementSchema = z.enum(['side', 'top']);
export type NavPlacement = z.infer<typeof NavPlacementSchema>;

/** An item of a navigation entry's dropdown (the side navigation's Create: Chatbot, Lorebook [New], Groupchat [New]). */
export const NavChildSchema = z.object({
  id: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
  to: appPath,
  /** Shown only when the deployment turns this feature flag on. */
  flag: z.optional(FeatureFlagSchema),
  badge: z.optional(z.string()),
});
export type NavChild = z.infer<typeof NavChildSchema>;

export const NavEntrySchema = z.object({
  id: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
  to: appPath,
  /** Position among all remotes' entries; the host sorts by it. */
  order: z.number(),
  placement: z.array(NavPlacementSchema).check(z.minLength(1)),
  /** Shown only when the user holds it (top navigation always asks; side navigation when set). */
  permission: z.optional(PermissionSchema),
  signedInOnly: z.optional(z.boolean()),
  /** Main brand only (the leaderboard). */
  mainBrandOnly: z.optional(z.boolean()),
  /** Entries grouped under a top-navigation dropdown of this label. */
  group: z.optional(z.string()),
  /** A dropdown in place of the entry when more than one of its items is shown, labelled `menuLabel`. */
  children: z.optional(z.array(NavChildSchema)),
  menuLabel: z.optional(z.string()),
});
export type NavEntry = z.infer<typeof NavEntrySchema>;

/** Places in the shell a remote fills, by name: the host renders what the enabled remotes put there. */
export const RemoteSlotsSchema = z.object({
  /** The header's upgrade pill and where it goes by default (app settings may override the link). */
  upgradePill: z.optional(z.object({ to: appPath })),
  /** Entries of the account menu under the avatar. */
  accountMenu: z.optional(z.array(z.object({ id: z.string(), label: z.string(), to: appPath, order: z.number() }))),
  /** Pages of the remote rendered over every page (not routes), e.g. the onboarding modal. */
  overlays: z.optional(z.array(z.string().check(z.minLength(1)))),
  /** The account pages the host's sign-up gate sends a member to (document 1 §4 sign-up gating). */
  signup: z.optional(
    z.object({
      path: appPath,
      externalPath: appPath,
      updateEmailPath: appPath,
      userNotFoundPath: appPath,
      /** Pages a member who is being gated can still open (the signup form links to them). */
      openDuringSignup: z._default(z.array(appPath), []),
    }),
  ),
});
export type RemoteSlots = z.infer<typeof RemoteSlotsSchema>;

/** A remote's own `remote.json`: what its team writes. */
export const RemoteSourceManifestSchema = z.object({
  name: RemoteNameSchema,
  /** How the site names this part when it is unavailable ("Chat is unavailable right now"). */
  displayName: z.string().check(z.minLength(1)),
  /** Local development only: the port `npm run dev` and the composed site serve it on (not published). */
  devPort: z.optional(z.number()),
  routes: z.array(RouteContractSchema),
  nav: z._default(z.array(NavEntrySchema), []),
  slots: z._default(RemoteSlotsSchema, {}),
});
export type RemoteSourceManifest = z.infer<typeof RemoteSourceManifestSchema>;

/** What the build publishes as fable-remote.json: the source manifest plus the versions it was built with. */
export const RemoteManifestSchema = z.extend(RemoteSourceManifestSchema, {
  buildVersion: z.string().check(z.regex(/^[0-9A-Za-z.+-]+$/)),
  /** The @fable/contracts version the remote was built against. */
  contractsVersion: semver,
  /** The @fable/shared version the remote was built against. */
  sharedVersion: semver,
});
export type RemoteManifest = z.infer<typeof RemoteManifestSchema>;
export type RemoteManifestInput = z.input<typeof RemoteManifestSchema>;

/** The file a remote publishes beside its mf-manifest.json. */
export const REMOTE_MANIFEST_FILE = 'fable-remote.json';

/** Where a remote's fable-remote.json sits: beside the mf-manifest.json its deployment entry names. */
export function remoteManifestUrl(entry: string): string {
  return entry.replace(/[^/]*$/, REMOTE_MANIFEST_FILE);
}

export function majorOf(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isNaN(major) ? -1 : major;
}

/** The versions of the two packages every app is built against (stamped by the build). */
export interface BuiltAgainst {
  contractsVersion: string;
  sharedVersion: string;
}

/**
 * Why a remote built against `remote` may not run in a host built against `host`, or null when it may. Compatible
 * means the same major version (semantic versioning: a major bump is a breaking change of the package).
 */
export function versionMismatch(name: string, remote: Partial<BuiltAgainst>, host: BuiltAgainst): string | null {
  for (const [pkg, key] of [
    ['@fable/contracts', 'contractsVersion'],
    ['@fable/shared', 'sharedVersion'],
  ] as const) {
    const version = remote[key];
    if (typeof version !== 'string') return `${name} does not say which ${pkg} it was built against: not mounted`;
    if (majorOf(version) !== majorOf(host[key])) {
      return `${name} was built against ${pkg} ${version}, the host runs ${host[key]}: major versions differ, not mounted`;
    }
  }
  return null;
}
