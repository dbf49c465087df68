import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../scripts/rspack/createConfig.mjs';

export default createConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_discovery',
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3002,
});
