import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: webDir,
  plugins: [react()],
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
    rolldownOptions: { checks: { bundlerTimings: false } },
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
