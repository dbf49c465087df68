/** Defined at build time by scripts/rspack/createConfig.mjs. */
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
/** The @fable/contracts and @fable/shared versions this app was built against (from their package.json). */
declare const __CONTRACTS_VERSION__: string;
declare const __SHARED_VERSION__: string;
