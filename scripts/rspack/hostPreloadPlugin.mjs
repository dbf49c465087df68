import rspack from '@rspack/core';

/**
 * The host's page announces the scripts its start loads (issue 30 §1): the chunks of the `./bootstrap` import and
 * of the shared modules the host provides (React, emotion, @fable/shared…), which the federation runtime requests
 * only once main.js has run. Preloaded, they download while main.js does instead of after it (a round trip, and
 * main.js's own download and run, off the first screen). The consume-shared fallbacks are left out: the host's
 * own provided versions are the ones its start loads.
 *
 * The chunk groups are told apart by their origin: the import request './bootstrap', or a module whose identifier
 * starts with 'provide shared module' (rspack's ProvideSharedModule). The e2e (remotes-render.spec.ts) checks that the
 * page uses each preload, fetching it once.
 */
/**
 * The page also says which @fable/contracts and @fable/shared the host was built against
 * (`<meta name="fable-built-against">`): the site server preloads no remote the host would refuse.
 */
export function hostPreloadPlugin({ publicPath, builtAgainst }) {
  return {
    apply(compiler) {
      compiler.hooks.compilation.tap('HostPreloadPlugin', (compilation) => {
        rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('HostPreloadPlugin', async (data) => {
          const files = startFiles(compilation);
          const meta = `<meta name="fable-built-against" content="contracts=${builtAgainst.contractsVersion}; shared=${builtAgainst.sharedVersion}">`;
          const links = meta + files.map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`).join('');
          const at = data.html.indexOf('</head>');
          if (at !== -1) data.html = `${data.html.slice(0, at)}${links}${data.html.slice(at)}`;
          return data;
        });
      });
    },
  };
}

/** The JS files of the chunk groups the host's start loads, in a stable order. */
function startFiles(compilation) {
  const files = new Set();
  for (const group of compilation.chunkGroups) {
    const atStart = group.origins.some((origin) => {
      if (origin.request === './bootstrap') return true;
      const id = origin.module?.identifier?.() ?? '';
      return id.startsWith('provide shared module');
    });
    if (!atStart) continue;
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return [...files].sort();
}
