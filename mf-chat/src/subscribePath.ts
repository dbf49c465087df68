import { routes } from '@fable/contracts';

/** The subscribe page (mf-billing), reached by URL only: where this remote's Upgrade buttons lead. */
export const SUBSCRIBE_PATH = routes.subscribe();
