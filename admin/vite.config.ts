import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * read-excel-file (the spreadsheet upload's reader) gets fflate without Web Workers (src/vendor/fflate-without-workers.ts):
 * the page's CSP allows no `blob:` worker. Only that package's imports are swapped; the shim itself imports fflate.
 */
function fflateWithoutWorkers(): Plugin {
  const shim = fileURLToPath(new URL('./src/vendor/fflate-without-workers.ts', import.meta.url));
  return {
    name: 'fflate-without-workers',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'fflate' && importer?.includes('/node_modules/read-excel-file/') ? shim : null;
    },
  };
}

/**
 * The administration page, built into admin/dist and served by the gateway at /admin (gateway/src/admin-page.ts).
 * Everything the page needs is in the bundle: no CDN, no web fonts, no external request.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [fflateWithoutWorkers(), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // One small page: a single chunk is simpler to cache and to serve; the spreadsheet reader is its own chunk,
    // loaded only when an .xlsx is picked (a dynamic import in sheet-import.ts).
    chunkSizeWarningLimit: 600,
  },
});
