// One Rspack configuration for the host and every remote, so that the federation settings
// (shared singletons, manifest, async startup) cannot drift between apps.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedModules } from './sharedModules.mjs';
import { remoteManifestPlugin } from './remoteManifestPlugin.mjs';
import { hostPreloadPlugin } from './hostPreloadPlugin.mjs';
import { ROOT, remoteSource } from '../lib/workspaces.cjs';

const require = createRequire(import.meta.url);

/** The HTML page of an app (the host's title is replaced by the brand's name at boot). */
function pageHtml(title, icon) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="dark light" />
    <base href="/" />
    ${icon ? `<link rel="icon" href="${icon}" type="image/svg+xml" />` : ''}
    <title>${title}</title>
  </head>
  <body>
    <noscript>This site needs JavaScript.</noscript>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * @param {object} options
 * @param {string} options.dir            the app's folder (its rspack.config lives there)
 * @param {string} options.name           federation name (mf_chat, …) or 'host'
 * @param {Record<string,string>} [options.exposes]
 * @param {number} options.devPort
 * @param {boolean} [options.federation]  false builds the same app without Module Federation (budget comparison)
 * @param {Record<string,string>} [options.define]
 * @param {string} [options.publicPath]
 * @param {string} [options.outputDir]
 */
export function createConfig({ dir, name, exposes, devPort, federation = true, define = {}, publicPath = 'auto', outputDir }) {
  const production = process.env.NODE_ENV !== 'development';
  const isRemote = name !== 'host';
  const pkg = require(path.join(dir, 'package.json'));
  const buildVersion = process.env.REMOTE_VERSION ?? pkg.version;
  // The versions of the two packages every app is built against: the host checks a remote's before running its code.
  const builtAgainst = {
    contractsVersion: require(path.join(ROOT, 'contracts/package.json')).version,
    sharedVersion: require(path.join(ROOT, 'shared/package.json')).version,
  };
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outputDir ?? process.env.OUTPUT_DIR ?? path.join(dir, 'dist'),
      publicPath,
      uniqueName: name,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      alias: federation ? {} : { '@module-federation/enhanced/runtime$': path.join(import.meta.dirname, 'noFederationRuntime.mjs') },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: {
                react: { runtime: 'automatic', importSource: '@emotion/react', development: !production, refresh: false },
              },
            },
            env: { targets: 'chrome >= 111, firefox >= 115, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        __APP_NAME__: JSON.stringify(name),
        __APP_VERSION__: JSON.stringify(buildVersion),
        __CONTRACTS_VERSION__: JSON.stringify(builtAgainst.contractsVersion),
        __SHARED_VERSION__: JSON.stringify(builtAgainst.sharedVersion),
        // A remote's standalone page in development runs on the mock API (shared/src/mocks) unless STANDALONE_API=real.
        __STANDALONE_API__: JSON.stringify(production ? 'none' : process.env.STANDALONE_API === 'real' ? 'real' : 'mock'),
        ...define,
      }),
      // One page for every app. A remote's page is its standalone shell; inside the host only its
      // manifest is used. The base makes deep links (/chatbot/create) load scripts from the root.
      new rspack.HtmlRspackPlugin({
        filename: 'index.html',
        templateContent: pageHtml(isRemote ? `Fable · ${path.basename(dir)} (standalone)` : 'Fable', isRemote ? null : '/favicon.svg'),
      }),
      // The host's page preloads the scripts its start loads (hostPreloadPlugin.mjs).
      !isRemote && federation && production && hostPreloadPlugin({ publicPath, builtAgainst }),
      // Static files (brand logos, icons) under <app>/public are copied as they are.
      existsSync(path.join(dir, 'public')) &&
        new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(dir, 'public'), to: '.' }] }),
      // A remote publishes its remote.json, stamped with its versions, beside its mf-manifest.json.
      // REMOTE_MANIFEST_FILE builds it with another remote.json (the e2e redeploy spec adds a route that way).
      isRemote && federation && remoteManifestPlugin({ source: process.env.REMOTE_MANIFEST_FILE ?? path.join(dir, 'remote.json'), buildVersion, ...builtAgainst }),
      federation &&
        new ModuleFederationPlugin({
          name,
          filename: isRemote ? 'remoteEntry.[contenthash:10].js' : undefined,
          exposes: isRemote ? exposes : undefined,
          shared: sharedModules(),
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // The host registers its remotes at run time from its deployment; nothing is declared here.
          remotes: {},
          experiments: {
            asyncStartup: true,
            // The host carries the one federation runtime; production remotes use it instead of
            // shipping their own (~34 KB gzip saved per remote on the critical path). In development a
            // remote keeps its runtime so that it can run alone.
            ...(production ? (isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }) : {}),
            optimization: { target: 'web' },
          },
          shareStrategy: 'loaded-first',
        }),
    ].filter(Boolean),
    optimization: {
      minimize: production,
      // Keep the shared singletons in chunks of their own so a browser caches them across deploys.
      splitChunks: isRemote ? false : undefined,
    },
    performance: { hints: false },
    // \`rspack serve\` compiles dynamic imports lazily by default; with Module Federation's async boundary the first
    // visit of each lazy chunk then fails its hot update (ChunkLoadError) and renders nothing. Compile everything.
    lazyCompilation: false,
    devServer: {
      port: devPort,
      historyApiFallback: true,
      // The deployments: the host's baked one, a remote's standalone harness its flags (shared startStandalone).
      static: [{ directory: path.resolve(dir, '../deploy/deployments'), publicPath: '/deployments', watch: !isRemote }],
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:3100' }],
      // The mock API's service worker (the standalone harness, shared/src/mocks/browser.ts), straight from msw.
      setupMiddlewares: (middlewares) => [
        {
          name: 'msw-service-worker',
          path: '/mockServiceWorker.js',
          middleware: (_req, res) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.end(readFileSync(require.resolve('msw/mockServiceWorker.js')));
          },
        },
        ...middlewares,
      ],
    },
    stats: 'errors-warnings',
  };
}

/** A remote's whole configuration from its folder: its name and port come from its remote.json. */
export function remoteConfig(configUrl) {
  const dir = path.dirname(new URL(configUrl).pathname);
  const source = remoteSource(path.basename(dir));
  return createConfig({ dir, name: source.name, exposes: { './routes': './src/routes.tsx' }, devPort: source.devPort });
}
