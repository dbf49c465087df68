// Emits a remote's fable-remote.json: its remote.json (routes, navigation, slots) stamped with the versions it was
// built with. The publish step inlines it into the deployments that point at the remote; the host validates it.
import { readFileSync } from 'node:fs';
import rspack from '@rspack/core';

export const REMOTE_MANIFEST_FILE = 'fable-remote.json';

export function remoteManifestPlugin({ source, buildVersion, contractsVersion, sharedVersion }) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('FableRemoteManifest', (compilation) => {
        compilation.fileDependencies.add(source);
        compilation.hooks.processAssets.tap({ name: 'FableRemoteManifest', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          const { devPort: _localOnly, ...manifest } = JSON.parse(readFileSync(source, 'utf8'));
          const published = { ...manifest, buildVersion, contractsVersion, sharedVersion };
          compilation.emitAsset(REMOTE_MANIFEST_FILE, new rspack.sources.RawSource(`${JSON.stringify(published, null, 2)}\n`));
        });
      });
    },
  };
}
