// Real URLs for every entry of the route table of @fable/contracts (`routes`), for the link crawl to open: ids from
// the e2e catalog, and what only a member has (a chatbot, a group chat, a lorebook of their own) made through the API.
import { routes, type RouteName } from '@fable/contracts';
import type { Page } from '@playwright/test';
import { remoteSource, remotes } from '../../scripts/lib/workspaces.cjs';
import { safeCharacter } from './chat';
import { unique } from './members';
import { apiCall } from './site';

export interface RouteIds {
  /** A public chatbot of the catalog, and its creator. */
  character: string;
  creator: string;
  /** The signed-in member's own chatbot, group chat and lorebook. */
  ownChatbot: string;
  groupChat: string;
  lorebook: string;
}

/** One URL per entry: a new entry of the table fails the typecheck here until it has one. */
const EXAMPLES: { [Name in RouteName]: (ids: RouteIds) => string } = {
  home: () => routes.home(),
  chatbotProfile: (ids) => routes.chatbotProfile({ characterId: ids.character }),
  creator: (ids) => routes.creator({ creatorUsername: ids.creator }),
  chat: (ids) => routes.chat({ characterId: ids.character }),
  myChatbots: () => routes.myChatbots(),
  editChatbot: (ids) => routes.editChatbot({ characterId: ids.ownChatbot }),
  editGroupchat: (ids) => routes.editGroupchat({ id: ids.groupChat }),
  lorebook: (ids) => routes.lorebook({ id: ids.lorebook }),
  personas: () => routes.personas(),
  subscribe: () => routes.subscribe(),
  planComparison: () => routes.planComparison(),
  manageSubscription: () => routes.manageSubscription(),
  signup: () => routes.signup(),
  profile: () => routes.profile(),
  report: () => routes.report(),
  reportCharacter: (ids) => routes.reportCharacter({ characterId: ids.character }),
  terms: () => routes.terms(),
  guidelines: () => routes.guidelines(),
  compliance2257: () => routes.compliance2257(),
  download: () => routes.download(),
};

/** The patterns remote.json files mark `signIn` (member pages: a guest is asked to sign in). */
const SIGN_IN_PATTERNS = new Set(
  remotes().flatMap((app) => (remoteSource(app).routes as { path: string; signIn?: boolean }[]).filter((r) => r.signIn).map((r) => r.path)),
);

export interface RouteTableUrl {
  name: RouteName;
  url: string;
  /** A member page: a guest sees the sign-in prompt instead. */
  signIn: boolean;
}

/** Every entry of the route table with a URL to a real page. */
export function routeTableUrls(ids: RouteIds): RouteTableUrl[] {
  return (Object.keys(EXAMPLES) as RouteName[]).map((name) => ({ name, url: EXAMPLES[name](ids), signIn: SIGN_IN_PATTERNS.has(routes[name].pattern) }));
}

const chatbotBody = (name: string) => ({
  name,
  title: `${name}, keeper of the route table`,
  greeting: `${name} checks every link.`,
  persona: `${name} is a careful cartographer of web pages.`,
  visibility: 'private',
  avatar_url: `/api/avatars/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
  guidelines: true,
});

/** The ids of the route table's URLs, with a chatbot, a group chat and a lorebook made for the signed-in member of `page`. */
export async function routeIds(page: Page): Promise<RouteIds> {
  const character = await safeCharacter();
  const tag = unique().slice(-4);
  const first = await apiCall<{ id: string }>(page, 'POST', '/characters', chatbotBody(`Atlas ${tag}`));
  const second = await apiCall<{ id: string }>(page, 'POST', '/characters', chatbotBody(`Mercator ${tag}`));
  const group = await apiCall<{ id: string }>(page, 'POST', '/groupchats', { name: `Maps ${tag}`, visibility: 'private', sub_character_ids: [first.id, second.id] });
  const lorebook = await apiCall<{ id: string }>(page, 'POST', '/lorebooks', {
    name: `Atlas ${tag}`,
    description: 'Places every link of the route table leads to.',
    tags: ['fantasy', 'legends'],
    avatar_url: '/api/avatars/route-atlas.svg',
    entries: [{ name: 'The Crossroads', keywords: ['crossroads', 'signpost'], content: 'Every road of the realm meets at the Crossroads.' }],
    guidelines: true,
  });
  return { character: character.id, creator: character.creator_username, ownChatbot: first.id, groupChat: group.id, lorebook: lorebook.id };
}
