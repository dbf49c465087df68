import type { ApiPlugin } from '../../http/apiPlugin';
import { openImageMaking, type ImageDeps } from '../images/imageRouteContext';
import { conversationImageRoute, drawForReply } from './conversationImageRoute';
import { trainingRoute } from './trainingRoute';

/**
 * Conversation images and chatbot image training (README "Conversation images and image training"): drawn and kept
 * like avatars (modules/images, on the app's one store), written as the bot's messages (modules/chat).
 */
export const conversationImageRoutes: ApiPlugin<ImageDeps> = async (app, deps) => {
  const making = openImageMaking(app, deps);
  conversationImageRoute(app, making);
  deps.replyImages.register((request) => drawForReply(making, app.log, request));
  trainingRoute(app, making);
};
