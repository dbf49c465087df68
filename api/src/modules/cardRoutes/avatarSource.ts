import type { CardAvatar } from '../cards';

/**
 * Where an export gets the chatbot's avatar image. Only avatars of ours are ever read (never a URL on the web);
 * until uploaded avatars are stored, every avatar of ours is a generated SVG (/api/avatars/{seed}.svg), which no card
 * can carry: the PNG export then uses the cards module's placeholder image and the CHARX has no main icon. The app
 * passes a loader reading stored avatars once they exist (CardRoutesDeps.loadAvatar).
 */
export type AvatarLoader = (avatarUrl: string) => Promise<CardAvatar | null>;

/** No stored avatar images yet: generated SVG avatars only. */
export const noAvatarImages: AvatarLoader = async () => null;
