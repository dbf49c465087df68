import type { HttpHandler } from 'msw';
import type { MockDb } from './mockDb';
import { appSettingsHandlers } from './resources/appSettings';
import { authoringHandlers } from './resources/authoring';
import { avatarHandlers } from './resources/avatars';
import { billingCatalogHandlers } from './resources/billingCatalog';
import { blockedCreatorHandlers } from './resources/blockedCreators';
import { cardHandlers } from './resources/cards';
import { characterHandlers } from './resources/characters';
import { chatHandlers } from './resources/chat';
import { checkoutHandlers } from './resources/checkout';
import { groupChatHandlers } from './resources/groupChats';
import { imageHandlers } from './resources/images';
import { lorebookHandlers } from './resources/lorebooks';
import { moderationHandlers } from './resources/moderation';
import { personaHandlers } from './resources/personas';
import { portalHandlers } from './resources/portal';
import { queueHandlers } from './resources/queue';
import { adHandlers, bannerHandlers } from './resources/bannersAndAds';
import { reportHandlers } from './resources/reports';
import { searchHandlers } from './resources/search';
import { sessionHandlers } from './resources/session';
import { suggestionHandlers } from './resources/suggestions';
import { userHandlers } from './resources/users';

/** The mock API's handlers, a set per resource, over one mock database. */
export const resourceHandlers = (db: MockDb): HttpHandler[] => [
  ...sessionHandlers(db),
  ...userHandlers(db),
  ...characterHandlers(db),
  ...authoringHandlers(db),
  ...groupChatHandlers(db),
  ...moderationHandlers(db),
  ...lorebookHandlers(db), // before the cards: it reads lorebook files sent to the card import
  ...cardHandlers(db),
  ...imageHandlers(db),
  ...suggestionHandlers(db),
  ...blockedCreatorHandlers(db),
  ...reportHandlers(db),
  ...searchHandlers(db),
  ...chatHandlers(db),
  ...queueHandlers(),
  ...bannerHandlers(),
  ...adHandlers(),
  ...personaHandlers(db),
  ...portalHandlers(db),
  ...avatarHandlers(),
  ...appSettingsHandlers(),
  ...billingCatalogHandlers(db), // before the checkout's: the catalog answers the purchase options and countries
  ...checkoutHandlers(db),
];
