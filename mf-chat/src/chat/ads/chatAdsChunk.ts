/** The chat's ads, one chunk: loaded only for members with display_ads in a saved conversation (useChatAd.tsx). */
export { ChatAdLoader } from './ChatAdLoader';
