import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The administration page, built into admin/dist and served by the gateway at /admin (gateway/src/admin-page.ts).
 * Everything the page needs is in the bundle: no CDN, no web fonts, no external request.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // One small page: a single chunk is simpler to cache and to serve.
    chunkSizeWarningLimit: 600,
  },
});
