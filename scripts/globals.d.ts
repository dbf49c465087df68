/** Defined at build time by scripts/rspack/createConfig.mjs. */
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
/** The @fable/contracts and @fable/shared versions this app was built against (from their package.json). */
declare const __CONTRACTS_VERSION__: string;
declare const __SHARED_VERSION__: string;
/**
 * What a remote's standalone page talks to: 'mock' (development default: the MSW mock API, a member signed in),
 * 'real' (STANDALONE_API=real: the API behind the dev server's /api proxy, signed out) or 'none' (production).
 */
declare const __STANDALONE_API__: 'mock' | 'real' | 'none';
