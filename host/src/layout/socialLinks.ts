import { SOCIAL_NETWORKS, type Brand, type SocialNetwork } from '@fable/contracts';

/**
 * The social network a footer link leads to (document 1 §2 Footer "Discord, X, Reddit"; §7 "Analytics events: social
 * media click"), or null: the deployment's own social links by address, the app settings' footer links by address or
 * by their label.
 */
export function socialNetworkOf(link: { label: string; to: string }, links: Brand['links']): SocialNetwork | null {
  for (const network of SOCIAL_NETWORKS) {
    if (links[network] && links[network] === link.to) return network;
  }
  const label = link.label.trim().toLowerCase();
  return SOCIAL_NETWORKS.find((network) => network === label) ?? null;
}
