import {
  REMOTE_CONTRACTS,
  enabledRemotes,
  isHiddenByPartner,
  type Deployment,
  type NavEntry,
  type NavPlacement,
  type Permission,
} from '@fable/contracts';

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
 * The navigation entries of the enabled remotes (from their contracts) plus Help, in order, gated by
 * permission; entries of disabled remotes never appear. Side navigation is empty in partner mode.
 */
export function navItems(placement: NavPlacement, ctx: NavContext): NavItem[] {
  const { deployment } = ctx;
  if (placement === 'side' && isHiddenByPartner(deployment, 'side_navigation')) return [];
  const remotes = enabledRemotes(deployment);
  const entries: (NavEntry & { external?: boolean })[] = [
    ...remotes.flatMap((name) => REMOTE_CONTRACTS[name].nav),
    helpEntry(deployment),
  ]
    .filter((entry) => allowed(entry, placement, ctx))
    .sort((a, b) => a.order - b.order);

  const items: NavItem[] = [];
  const groups = new Map<string, NavItem>();
  for (const entry of entries) {
    const item = toItem(entry, placement, ctx);
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
 * Side navigation: "Create Chatbot (or a Create dropdown with Chatbot, Lorebook [New], Groupchat [New] when
 * those flags are on)" (document 1 §2). Top navigation keeps Create Chatbot.
 */
function toItem(entry: NavEntry & { external?: boolean }, placement: NavPlacement, ctx: NavContext): NavItem {
  const item: NavItem = { id: entry.id, label: entry.label, to: entry.to, external: entry.external };
  if (entry.id !== 'create' || placement !== 'side') return item;
  const { flags } = ctx.deployment;
  const children: NavItem[] = [{ id: 'create-chatbot', label: 'Chatbot', to: '/chatbot/create' }];
  if (flags.lorebook) children.push({ id: 'create-lorebook', label: 'Lorebook', to: '/lorebook/create', badge: 'New' });
  if (flags.groupchat) children.push({ id: 'create-groupchat', label: 'Groupchat', to: '/groupchat/create', badge: 'New' });
  return children.length > 1 ? { id: 'create', label: 'Create', to: entry.to, children } : item;
}
