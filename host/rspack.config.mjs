import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../scripts/rspack/createConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
// `npm run dev` bakes the dev deployment, whose remotes are the dev servers on 3001–3005.
const baked = process.env.DEPLOYMENT || (process.env.NODE_ENV === 'development' ? 'dev' : null);

export default createConfig({
  dir,
  name: 'host',
  devPort: 3000,
  publicPath: '/',
  federation: process.env.NO_FEDERATION !== '1',
  outputDir: process.env.NO_FEDERATION === '1' ? path.join(dir, 'dist-nofederation') : undefined,
  define: { __BAKED_DEPLOYMENT__: JSON.stringify(baked) },
});
