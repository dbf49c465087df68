import { remoteConfig } from '../scripts/rspack/createConfig.mjs';

// Name, port and routes: remote.json.
export default remoteConfig(import.meta.url);
