import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@common': fileURLToPath(new URL('../common', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/webhooks': { target: API_TARGET, changeOrigin: false },
      // Only the sandbox's API paths: /sandbox itself is a page of this app.
      '/sandbox/api': { target: API_TARGET, changeOrigin: false },
      '/sandbox/graph': { target: API_TARGET, changeOrigin: false },
      '/sandbox/lookaside': { target: API_TARGET, changeOrigin: false },
    },
  },
});
