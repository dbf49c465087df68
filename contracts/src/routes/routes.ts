// The pages one remote (or the host, or shared) links to in another remote, by name: `routes.chat({ characterId })`
// rather than a URL literal, so that a renamed route is one change here, and a test (scripts/routeTable.test.ts) fails
// when a pattern is no longer a route of any remote.json. Links within a remote's own pages may stay literals.
import { defineRoute } from './route';

export const routes = {
  // mf-discovery
  home: defineRoute('/'),
  chatbotProfile: defineRoute('/chatbot/:characterId'),
  creator: defineRoute('/creator/:creatorUsername'),
  // mf-chat
  chat: defineRoute('/chat/:characterId'),
  // mf-creator
  myChatbots: defineRoute('/my-chatbots'),
  editChatbot: defineRoute('/chatbot/edit/:characterId'),
  /** The group chat form; `id` is the group chat to edit. */
  editGroupchat: defineRoute('/groupchat/edit', ['id']),
  lorebook: defineRoute('/lorebook/:id'),
  personas: defineRoute('/personas'),
  // mf-billing
  subscribe: defineRoute('/subscribe'),
  planComparison: defineRoute('/plan-comparison'),
  manageSubscription: defineRoute('/manage-subscription'),
  // mf-account
  signup: defineRoute('/signup'),
  profile: defineRoute('/profile'),
  report: defineRoute('/report'),
  reportCharacter: defineRoute('/report/:characterId'),
  terms: defineRoute('/terms'),
  guidelines: defineRoute('/guidelines'),
  compliance2257: defineRoute('/2257'),
  download: defineRoute('/download'),
} as const;

export type RouteName = keyof typeof routes;
