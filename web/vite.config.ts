import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const API_TARGET = 'http://localhost:3000';

/**
 * The server refuses API writes and the live WebSocket from any origin but its own (PUBLIC_URL,
 * server/lib/origin-check.ts), and the browser here sends http://localhost:5173. A request from a
 * page of this dev server loses its Origin on the way through: the browser's `Sec-Fetch-Site:
 * same-origin` still vouches for it. Any other Origin is passed on, and refused.
 */
const sameOriginApi: ProxyOptions['configure'] = (proxy) => {
  const strip = (
    proxyReq: { removeHeader(name: string): void },
    req: { headers: Record<string, unknown> },
  ) => {
    const { origin, host } = req.headers;
    if (origin === `http://${host}` || origin === `https://${host}`) proxyReq.removeHeader('origin');
  };
  proxy.on('proxyReq', strip);
  proxy.on('proxyReqWs', strip);
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The app speaks English only: React Aria's strings for its other 30-odd locales stay out of the bundle.
  plugins: [react(), tailwindcss(), optimizeLocales.vite({ locales: ['en-US'] })],
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
      '/api': { target: API_TARGET, changeOrigin: false, ws: true, configure: sameOriginApi },
      '/webhooks': { target: API_TARGET, changeOrigin: false },
      // Only the sandbox's API paths: /sandbox itself is a page of this app.
      '/sandbox/api': { target: API_TARGET, changeOrigin: false },
      '/sandbox/graph': { target: API_TARGET, changeOrigin: false },
      '/sandbox/lookaside': { target: API_TARGET, changeOrigin: false },
    },
  },
});
