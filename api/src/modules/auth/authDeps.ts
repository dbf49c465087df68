import type { ApiDeps } from '../../http/apiPlugin';
import type { OidcClients } from './oidc/oidcClient';

/** What the auth routes get: the API's adapters and the configured social sign-in providers. */
export interface AuthDeps extends ApiDeps {
  oidc: OidcClients;
}
