// Front-end build. `webpack --mode production` builds dist/ for the server to serve;
// `--env mock` builds the stand-alone mock mode (MSW worker + static app-config.js, no backend).
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { PurgeCSSPlugin } from 'purgecss-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { mockConfigScript } from './mocks/schools.ts';

const root = import.meta.dirname;
/** Files worth compressing: text, not images that are already compressed or source maps. The page
 * (index.html) is completed and compressed by the server at start-up. */
/** The files whose words decide which library CSS rules stay (PurgeCSS). */
const purgeContent = () =>
  fs
    .globSync('src/**/*.{ts,tsx}', { cwd: root, exclude: (file) => /\.test\.tsx?$/.test(file) })
    .map((file) => path.join(root, file));
/**
 * Classes the sources do not spell out: the react-bootstrap components in use write their own
 * (`modal-dialog`, `${prefix}-${variant}`, `bs-popover-${placement}`, …), and transitions add
 * `fade`/`show`. Kept by family, so a component used tomorrow keeps its styles.
 */
const PURGE_SAFELIST = {
  standard: [
    /^btn-(outline-)?(primary|secondary|success|danger|warning|info|light|dark|link)$/,
    /^btn-(sm|lg|close)$/,
    /^form-(control|select|check|label|text|switch|group)/,
    /^(spinner|modal|offcanvas|popover|bs-popover|alert|badge|card|table|dropdown)/,
    /^nav-(tabs|pills|item|link)$/,
    /^tab-(content|pane)$/,
    /^(invalid|valid)-feedback$/,
    /^is-(invalid|valid)$/,
    /^(text-bg|bg)-(primary|secondary|success|danger|warning|info|light|dark)$/,
    /^(fade|show|showing|hiding|collapsing|active|disabled|visually-hidden)$/,
  ],
};
const TEXT_ASSET = /\.(js|css|svg|json|txt|webmanifest|ico)$/;

const modulePath = (file) => path.join(root, 'node_modules', file);
/**
 * RTK Query (the admin panel and the platform console only) gets copies of its own of Redux
 * Toolkit's index and of immer, from their packages' production builds. One module has one set of
 * exports for every chunk, so RTK Query's imports (createAsyncThunk, the action matchers, immer's
 * patches, …) would otherwise sit in the parents' vendors chunk beside configureStore and
 * createSlice, which are all the parents' store uses (3.3 KB of gzip). The copies share nothing
 * that needs one instance: actions are matched by their type strings, immer marks its drafts with
 * a global symbol, and react-redux (the store's context) stays one module.
 */
const RTK_QUERY_OWN_COPIES = [
  {
    test: /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/](query[\\/]|redux-toolkit\.browser\.mjs$)/,
    resolve: {
      alias: {
        '@reduxjs/toolkit$': modulePath('@reduxjs/toolkit/dist/redux-toolkit.browser.mjs'),
        immer$: modulePath('immer/dist/immer.production.mjs'),
      },
    },
  },
];

/** An unnamed chunk src/app/nextChunks.ts prefetches (the wizard's frame, its dialogs). */
const prefetchedWizardPart = (chunk) =>
  !chunk.name &&
  [...chunk.groupsIterable].some((group) =>
    group.origins.some((origin) =>
      /[\\/]src[\\/]app[\\/]nextChunks\.ts$/.test(origin.module?.resource ?? ''),
    ),
  );

/** swc options for one source flavour; `tsx` only for .tsx so that `<T>(x) => x` stays valid in .ts files. */
function swcLoader(tsx, isDev) {
  return {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx },
        // Modern browsers only (ES2022: Safari 16+, Chrome/Edge/Firefox of the last years).
        target: 'es2022',
        transform: { react: { runtime: 'automatic', development: isDev } },
        // Keep `webpackChunkName` magic comments for webpack.
        preserveAllComments: true,
      },
    },
  };
}

/**
 * @param {Record<string, unknown>} env `--env mock` sets env.mock
 * @param {{ mode?: 'production' | 'development' | 'none' }} argv
 * @returns {import('webpack').Configuration & { devServer?: import('webpack-dev-server').Configuration }}
 */
export default function config(env = {}, argv = {}) {
  const web = webConfig(env, argv);
  // The production app also gets the public pages' renderer, for the server (src/prerender.tsx).
  return argv.mode === 'production' && !env.mock ? [web, prerenderConfig(web)] : web;
}

/**
 * src/prerender.tsx for Node, into dist/prerender/ (kept from the browser build's cleaning; the
 * server never serves it). The same sources, aliases and asset names as the browser's build, so
 * the markup matches what the browser renders; stylesheets are left out (the page links them),
 * and files are named, not written (the browser's build writes them).
 * @param {import('webpack').Configuration} web
 * @returns {import('webpack').Configuration}
 */
function prerenderConfig(web) {
  return {
    name: 'prerender',
    mode: 'production',
    context: root,
    target: ['node', 'es2022'],
    entry: { render: './src/prerender.tsx' },
    output: {
      path: path.join(root, 'dist/prerender'),
      publicPath: '/',
      filename: '[name].mjs',
      assetModuleFilename: web.output.assetModuleFilename,
      module: true,
      library: { type: 'module' },
      chunkFormat: 'module',
      clean: true,
    },
    experiments: { outputModule: true },
    resolve: web.resolve,
    module: {
      rules: [
        ...web.module.rules
          .filter((rule) => String(rule.test) !== String(/\.css$/))
          .map((rule) =>
            rule.type === 'asset' || rule.type === 'asset/resource'
              ? { ...rule, generator: { emit: false } }
              : rule,
          ),
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __MOCK_API__: 'false' }),
      // One file: the lazy pages are imported in the same process anyway.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    devtool: false,
    performance: false,
  };
}

function webConfig(env, argv) {
  const isProd = argv.mode === 'production';
  const isDev = !isProd;
  const mock = Boolean(env.mock);
  const apiTarget = `http://localhost:${process.env.PORT || 3000}`;
  // Content hashes only in production: dev + HMR is faster with stable names.
  const name = isProd ? '[name].[contenthash:8]' : '[name]';

  return {
    mode: isProd ? 'production' : 'development',
    context: root,
    target: ['web', 'es2022'],
    entry: { main: './src/main.tsx' },
    output: {
      // Mock builds go elsewhere, so `npm start` never serves a build that talks to MSW.
      path: path.join(root, mock ? 'dist-mock' : 'dist'),
      publicPath: '/',
      filename: `assets/${name}.js`,
      chunkFilename: `assets/${name}.js`,
      assetModuleFilename: `assets/${name}[ext]`,
      // The public pages' renderer is the other build's (prerenderConfig).
      clean: { keep: /^prerender\// },
    },
    resolve: {
      // Sources import with explicit `.ts`/`.tsx` extensions (NodeNext), which resolve as plain file
      // paths; the list only serves extension-less requests.
      extensions: ['.ts', '.tsx', '.js'],
      // @xstate/react imports the React 17 shim of useSyncExternalStore; React 19 has it built in,
      // so the shim's fallback code would only add bytes to the wizard.
      alias: {
        'use-sync-external-store/shim/with-selector$': 'use-sync-external-store/with-selector',
        'use-sync-external-store/shim$': path.join(root, 'src/lib/syncExternalStore.ts'),
        // React Router 7's package exports name only its development build (dev warnings and their
        // long messages, remix-run/react-router#12532, #14102); its production build is the same API
        // without them. Pointed at here for production builds until the package exports it.
        ...(isProd
          ? {
              'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.join(
                root,
                'node_modules/react-router/dist/production/dom-export.mjs',
              ),
            }
          : {}),
      },
    },
    module: {
      rules: [
        { test: /\.ts$/, exclude: /node_modules/, use: swcLoader(false, isDev) },
        { test: /\.tsx$/, exclude: /node_modules/, use: swcLoader(true, isDev) },
        // One CSS path in dev and production (style-loader is not a dependency).
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        {
          test: /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 4 * 1024 } },
        },
        { test: /\.(woff2?|ttf|otf|eot)$/i, type: 'asset/resource' },
        ...RTK_QUERY_OWN_COPIES,
        // React Router's components the app does not use are removed (scripts/pure-components-loader.cjs).
        {
          test: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-\w+\.mjs$/,
          use: path.join(root, 'scripts/pure-components-loader.cjs'),
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        // Literal replacement: `__MOCK_API__` folds to false outside mock mode, so the MSW import
        // in main.tsx is dead code and never built into the production bundle.
        __MOCK_API__: JSON.stringify(mock),
        // The mocks run the in-memory store (NeDB) in the page; NeDB's `util` shim reads this
        // Node variable when it loads, and a page has no `process`.
        'process.env.NODE_DEBUG': 'false',
      }),
      new HtmlWebpackPlugin({ template: 'public/index.html', inject: 'head', scriptLoading: 'defer' }),
      new MiniCssExtractPlugin({ filename: `assets/${name}.css`, chunkFilename: `assets/${name}.css` }),
      new CopyPlugin({
        patterns: [
          // `minimized: true` keeps the JS minimizer off the copied files (the MSW worker is shipped as msw made it).
          {
            from: 'public',
            globOptions: { ignore: ['**/index.html', ...(mock ? [] : ['**/mockServiceWorker.js'])] },
            info: { minimized: true },
          },
          // The real server generates /app-config.js; mock mode has no server, so ship a static one,
          // with the mock schools written in (mocks/schools.ts).
          ...(mock
            ? [
                {
                  from: 'mocks/app-config.js',
                  to: 'app-config.js',
                  info: { minimized: true },
                  transform: (content) => mockConfigScript(content.toString()),
                },
              ]
            : []),
        ],
      }),
      // AdminLTE's build carries all of Bootstrap and AdminLTE (~47 KB gzip); the pages keep only
      // the rules whose classes appear in the sources or in the React components that write
      // classes (react-bootstrap, @restart/ui). Classes put together at run time (skins, colours,
      // variants, layout toggles) are on the safelist. Only the library's stylesheet is purged;
      // the app's own CSS is all used.
      ...(isProd
        ? [
            new PurgeCSSPlugin({
              paths: purgeContent,
              only: ['vendors'],
              safelist: PURGE_SAFELIST,
              variables: true,
              keyframes: true,
              fontFace: true,
            }),
          ]
        : []),
      // br and gzip files next to every text asset, made once here at the highest levels, so the
      // server sends them as they are (@fastify/static preCompressed) and never compresses per
      // request. Every text file gets both (no size threshold), so "every asset is compressed"
      // holds without exceptions; source maps are left out (developers' tools only). Not in mock
      // mode: testers run it on their own machine, and its 3.7 MB of scripts took 6 s of CPU to
      // compress at these levels (mock build 18 → 14 s).
      ...(isProd && !mock
        ? [
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
              test: TEXT_ASSET,
              threshold: 0,
              minRatio: Infinity,
            }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
              },
              test: TEXT_ASSET,
              threshold: 0,
              minRatio: Infinity,
            }),
          ]
        : []),
    ],
    optimization: {
      // JS through webpack's own minimizer plugin with swc instead of its default Terser: the same
      // compression settings (two passes) gave 0.4-0.5 KB less gzip on /login and /calendario and
      // built in 12 s instead of 19 s (the mock build, with MSW and the in-page store, in 18 s
      // instead of 44-53 s). CSS is minified too (cssnano). Its SVG optimiser is off: it cannot
      // parse Bootstrap's data-URL icons and they are tiny already.
      minimizer: [
        new MinimizerPlugin({
          minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 } } },
        }),
        new CssMinimizerPlugin({ minimizerOptions: { preset: ['default', { svgo: false }] } }),
      ],
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The webpack runtime (its chunk map changes with every chunk's hash) stays in main, the app's
      // small entry, which changes with nearly every release anyway: one request and 0.4 KB of gzip
      // fewer than a file of its own, and the vendors chunk still stays cached from one to the next.
      runtimeChunk: false,
      splitChunks: {
        // The platform console (issue 46) is one file, whatever it shares with the admin panel:
        // a few operators download it, and a chunk split off it would be one more entry in every
        // chunk map of the runtime, on every parent's page.
        // So is the admin panel (issue 54): what it shares with the profile (the order correction
        // dialog and the wizard's rules) is copied into it rather than cut into a chunk of its own.
        chunks: (chunk) => chunk.name !== 'platform' && chunk.name !== 'admin',
        cacheGroups: {
          // Libraries of the parents' path in one long-cached chunk. Only initial chunks: the
          // admin area, shell extras and MSW keep their own libraries in their own lazy chunks.
          vendors: {
            test: /[\\/]node_modules[\\/]/,
            chunks: 'initial',
            name: 'vendors',
            priority: -10,
            reuseExistingChunk: true,
          },
          // Everything the wizard's chunk and the calendar step run goes into one file: a parent on
          // /calendario always needs all of it, and one file compresses better than the eight small
          // ones webpack would otherwise cut from what the steps share (4.1 KB of gzip). The later
          // steps keep their own chunks. The few small modules the signed-in frame shares with the
          // wizard (the API client aside, below) are copied rather than given a file of their own.
          // The unnamed chunks that src/app/nextChunks.ts prefetches (the wizard, its hold notice and
          // dialogs) take it from here too: left out, webpack gave them copies of it (xstate, the
          // machine, the rules), 37 KB of gzip prefetched after every first page, the calendar too.
          wizard: {
            name: 'wizard-core',
            chunks: (chunk) =>
              chunk.name === 'wizard' || /^step-/.test(chunk.name ?? '') || prefetchedWizardPart(chunk),
            test: (module, { chunkGraph }) =>
              [...chunkGraph.getModuleChunksIterable(module)].some(
                (chunk) => chunk.name === 'wizard' || chunk.name === 'step-calendar',
              ),
            enforce: true,
            priority: 10,
          },
          // The API client and the account calls serve the sign-in pages, the frame and the wizard:
          // one small file, instead of a copy in each of their chunks.
          api: {
            name: 'api',
            chunks: 'async',
            test: /[\\/]src[\\/]api[\\/](http|accounts)\.ts$/,
            enforce: true,
            priority: 20,
          },
          // A lazy area keeps its own libraries (admin.js, msw.js) instead of an anonymous vendor chunk.
          defaultVendors: false,
          // Small shared chunks are kept apart (minSize): a page then fetches only the modules it runs,
          // not a neighbour's library merged in to reach webpack's default 20 KB. A chunk may be left
          // small (minRemainingSize): the payment step's own (its request builder) would otherwise keep
          // a copy of the 5.6 KB it shares with the prefetched one.
          default: {
            minChunks: 2,
            priority: -20,
            reuseExistingChunk: true,
            minSize: 4000,
            minRemainingSize: 0,
          },
        },
      },
    },
    devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
    performance: isProd
      ? {
          hints: 'warning',
          // Raw sizes (webpack does not measure gzip). Foundation: entry = 326 KiB JS (~103 KiB gzip)
          // + 373 KiB CSS (~47 KiB gzip, mostly AdminLTE/Bootstrap). The limits leave room for the
          // wizard's libraries (XState, Formik, Yup) and warn when anything heavier lands on the
          // parents' path (e.g. an admin-only library imported eagerly).
          maxEntrypointSize: 900 * 1024,
          maxAssetSize: 450 * 1024,
          assetFilter: (file) => /\.(js|css)$/.test(file),
        }
      : false,
    devServer: {
      port: Number(process.env.DEV_PORT || 8080),
      hot: true,
      historyApiFallback: true,
      // public/ is copied into the build by CopyPlugin; serving it raw would expose
      // mockServiceWorker.js outside mock mode.
      static: false,
      client: { overlay: { errors: true, warnings: false } },
      // Mock mode has no backend: MSW answers /api and app-config.js is the static copy.
      proxy: mock ? [] : [{ context: ['/api', '/app-config.js'], target: apiTarget }],
    },
  };
}
