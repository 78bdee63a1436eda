import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { markdownContent } from './vite-plugins/markdown/plugin.ts';
import { precompress } from './vite-plugins/precompress.ts';

// The API runs on the same origin in production; in development (`npm run dev`)
// Vite serves the app with hot reload and proxies what the server answers.
export default defineConfig({
  plugins: [markdownContent(), react(), precompress()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/feed.xml': 'http://127.0.0.1:3000',
      '/sitemap.xml': 'http://127.0.0.1:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
