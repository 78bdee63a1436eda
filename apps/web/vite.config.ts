import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { markdownContent } from './vite-plugins/markdown/plugin.ts';

// The API runs on the same origin in production; in development Vite proxies it.
export default defineConfig({
  plugins: [markdownContent(), react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
