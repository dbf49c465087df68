import { routes } from '@fable/contracts';

/**
 * Where "Create Free Account" leads. Sign-in itself belongs to the host; the account remote's signup
 * route is the in-app address for it until the shared state offers an "open sign-in" action.
 */
export const SIGN_UP_PATH = routes.signup();
