import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:3000';

/** The icon sizes web/icons/make-icons.mjs renders into public/icons. */
const iconSizes = JSON.parse(
  readFileSync(fileURLToPath(new URL('./icons/sizes.json', import.meta.url)), 'utf8'),
) as { any: number[]; maskable: number[] };

/** The installed app (theme and background as in styles/main.scss: $primary, $body-bg). */
const manifest: Partial<ManifestOptions> = {
  id: '/members',
  name: 'Vonkje',
  short_name: 'Vonkje',
  description: 'Daten en chatten',
  lang: 'nl',
  start_url: '/members',
  scope: '/',
  display: 'standalone',
  // no orientation: the installed app turns with the device (WCAG 1.3.4, orientation)
  theme_color: '#6f42c1',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ...iconSizes.any.map((size) => ({
      src: `/icons/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
    ...iconSizes.maskable.map((size) => ({
      src: `/icons/icon-maskable-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'maskable',
    })),
  ],
};

/**
 * Chunks of the staff console (its modules and libraries only it uses, no member code): named
 * admin-*, never precached on a member's device.
 */
function chunkFileName(chunk: { moduleIds: string[] }): string {
  const srcDir = `${webDir}src/`;
  const own = chunk.moduleIds.filter((id) => id.startsWith(srcDir));
  const staffOnly = own.length > 0 && own.every((id) => id.startsWith(`${srcDir}admin/`));
  return staffOnly ? 'assets/admin-[name]-[hash].js' : 'assets/[name]-[hash].js';
}

export default defineConfig({
  root: webDir,
  plugins: [
    react(),
    // the installable app: web/src/sw.ts is built into dist/sw.js with the precache list
    // injected; web/src/app/pwa registers it (registerType 'prompt': a waiting version is
    // offered by a toast, never forced)
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      injectManifest: {
        // the shell, its page chunks, styles and the language catalogues; never the staff
        // console (no staff code on a member's device) nor source maps
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['assets/admin-*', '**/*.map'],
        sourcemap: false,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // the contract shared with the server, from its TypeScript sources
    alias: [
      {
        find: /^@app\/contract$/,
        replacement: fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
      },
      {
        find: /^@app\/contract\/(.*)$/,
        replacement: `${fileURLToPath(new URL('../contract/src/', import.meta.url))}$1`,
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // built for an error tracker, not referenced by the bundles; the server never serves .map files
    sourcemap: 'hidden',
    // Bootstrap's Sass takes most of a build; Rolldown's timing report about it is only noise
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: { chunkFileNames: chunkFileName },
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global functions; keep its warnings out of the build log
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/dev': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true, changeOrigin: false },
    },
  },
});
