import { isHiddenByPartner, type Deployment, type NavEntry, type NavPlacement, type Permission } from '@fable/contracts';
import type { ShellRemote } from '../remotes/remoteRegistry';

export interface NavItem {
  id: string;
  label: string;
  /** In-app route, or an external link (Help opens customer support). */
  to: string;
  external?: boolean;
  /** Label of a "New" badge (document 1 §2: Lorebook [New], Groupchat [New]). */
  badge?: string;
  children?: NavItem[];
}

export interface NavContext {
  deployment: Deployment;
  /** The enabled remotes, whose published manifests carry their navigation entries. */
  remotes: readonly ShellRemote[];
  permissions: readonly Permission[];
  signedIn: boolean;
}

/** Help is the host's own entry: it opens customer support. */
function helpEntry(deployment: Deployment): NavEntry & { external: true } {
  return { id: 'help', label: 'Help', to: deployment.brand.links.support, order: 200, placement: ['side', 'top'], permission: 'view_help', external: true };
}

function allowed(entry: NavEntry, placement: NavPlacement, ctx: NavContext): boolean {
  if (!entry.placement.includes(placement)) return false;
  if (entry.signedInOnly && !ctx.signedIn) return false;
  if (entry.mainBrandOnly && ctx.deployment.kind !== 'main') return false;
  // Top navigation entries are each shown only when the user holds the matching permission; side
  // navigation asks only where an entry names one.
  if (entry.permission && !ctx.permissions.includes(entry.permission)) return false;
  if (placement === 'top' && !entry.permission) return false;
  return true;
}

/**
 * The navigation entries of the enabled remotes (from their published manifests) plus Help, in order, gated by
 * permission; entries of disabled remotes never appear. Side navigation is empty in partner mode.
 */
export function navItems(placement: NavPlacement, ctx: NavContext): NavItem[] {
  const { deployment } = ctx;
  if (placement === 'side' && isHiddenByPartner(deployment, 'side_navigation')) return [];
  const entries: (NavEntry & { external?: boolean })[] = [
    ...ctx.remotes.flatMap((remote) => remote.manifest.nav),
    helpEntry(deployment),
  ]
    .filter((entry) => allowed(entry, placement, ctx))
    .sort((a, b) => a.order - b.order);

  const items: NavItem[] = [];
  const groups = new Map<string, NavItem>();
  for (const entry of entries) {
    const item = toItem(entry, ctx);
    if (!entry.group) {
      items.push(item);
      continue;
    }
    let group = groups.get(entry.group);
    if (!group) {
      group = { id: `group-${entry.group}`, label: entry.group, to: entry.to, children: [] };
      groups.set(entry.group, group);
      items.push(group);
    }
    group.children!.push(item);
  }
  return items;
}

/**
 * An entry with items (the side navigation's Create: Chatbot, Lorebook [New], Groupchat [New], document 1 §2)
 * becomes a dropdown labelled `menuLabel` when more than one of its items is shown (an item with a feature flag
 * shows when the deployment turns the flag on); otherwise it stays a plain entry.
 */
function toItem(entry: NavEntry & { external?: boolean }, ctx: NavContext): NavItem {
  const item: NavItem = { id: entry.id, label: entry.label, to: entry.to, external: entry.external };
  const children = (entry.children ?? [])
    .filter((child) => !child.flag || ctx.deployment.flags[child.flag] === true)
    .map((child): NavItem => ({ id: child.id, label: child.label, to: child.to, badge: child.badge }));
  return children.length > 1 ? { id: entry.id, label: entry.menuLabel ?? entry.label, to: entry.to, children } : item;
}
