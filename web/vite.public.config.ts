import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import base from './vite.config.ts';

/**
 * The public entry (web/src/public): the home page and the landers as a visitor's first visit
 * gets them, rendered by the server and taken over in the browser with far less JavaScript than
 * the app (issue 21: ≤ 100 KB gzip). Two builds of the same pages from this config:
 *
 *   vite build -c vite.public.config.ts          the browser's: public.html and its assets in
 *                                                dist/ (beside the app's, which it must not empty)
 *   vite build -c vite.public.config.ts --ssr    the server's: dist-ssr/render.cjs
 *
 * The page components are the app's own, rendered by Preact's React compatibility layer
 * (preact/compat) instead of react-dom: React's renderer alone is ≈ 64 KB gzip, Preact with its
 * compatibility layer ≈ 10 KB, and a first visit's budget is 100 KB. The app itself stays on React.
 * Other modules put in their place here:
 * - `react-router` -> src/public/router.tsx: plain links and the server-matched address (no
 *   router on a first visit);
 * - src/i18n/index.ts -> src/public/i18n.ts (browser: the page's texts come with the page) or
 *   src/public/i18n.server.ts (server: every catalogue, and which texts a render used).
 */
const webDir = fileURLToPath(new URL('.', import.meta.url));
const appI18n = `${webDir}src/i18n/index.ts`;

function publicModules(): Plugin {
  return {
    name: 'public-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'react-router' || source === 'react-router/dom') {
        return `${webDir}src/public/router.tsx`;
      }
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id !== appI18n) return null;
      return `${webDir}src/public/${options.ssr ? 'i18n.server.ts' : 'i18n.ts'}`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => {
  const own: UserConfig = {
    plugins: [publicModules()],
    resolve: {
      alias: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      ],
    },
    build: isSsrBuild
      ? {
          outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
          // the site's files are the browser build's
          copyPublicDir: false,
          emptyOutDir: true,
          sourcemap: false,
          rolldownOptions: {
            input: fileURLToPath(new URL('./src/public/render.tsx', import.meta.url)),
            // one file: lazily loaded parts are in it too (chunks would be .js files, which
            // web/package.json's "type": "module" makes ES modules)
            output: { format: 'cjs', entryFileNames: 'render.cjs', codeSplitting: false },
          },
        }
      : {
          emptyOutDir: false,
          rolldownOptions: {
            input: fileURLToPath(new URL('./public.html', import.meta.url)),
            output: {
              entryFileNames: 'assets/public-[name]-[hash].js',
              chunkFileNames: 'assets/public-[name]-[hash].js',
              assetFileNames: 'assets/public-[name]-[hash][extname]',
            },
          },
        },
    // the server build brings its libraries with it (the runtime image has no web sources)
    ssr: { noExternal: true },
  };
  // the app's plugins but its service worker: the public pages register none
  const app = { ...base, plugins: (base.plugins ?? []).slice(0, 1) };
  return mergeConfig(app, own);
});
