import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build`: the TypeScript of every process compiled ahead of time into one JavaScript file each under
 * `dist/` (`dist/token.js` ... `dist/gateway.js`, plus `dist/telemetry-preload.js`), what the image runs with
 * plain `node`. The workspaces (`@erp/kit`, `@erp/contracts`, `@erp/fiscal-rules`, the service's own code) are
 * bundled in; every npm package stays a `require` of `node_modules`, so the image installs production
 * dependencies only and OpenTelemetry's instrumentations still see fastify, http, mongodb and graphql being loaded.
 * The local authority is not built: it never runs in production.
 */

const ROOT = path.resolve(__dirname, '..');

const ENTRIES = {
  token: 'services/token/src/main.ts',
  ingestion: 'services/ingestion/src/main.ts',
  'fiscal-document': 'services/fiscal-document/src/main.ts',
  'tax-simulation': 'services/tax-simulation/src/main.ts',
  settings: 'services/settings/src/main.ts',
  gateway: 'gateway/src/main.ts',
  'telemetry-preload': 'services/kit/src/telemetry-preload.ts',
} as const;

/** Every bare import but our own workspaces stays a run-time `require` of node_modules. */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@erp/') ? undefined : { path: args.path, external: true }));
  },
};

async function buildProcesses(outdir = path.join(ROOT, 'dist')): Promise<string[]> {
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, entry]) => [name, path.join(ROOT, entry)])),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    // Node reads source maps for stack traces with --enable-source-maps; the image sets it.
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [packagesStayExternal],
  });
  copyFiscalSchemas(outdir);
  return Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
}

/**
 * @erp/fiscal-schemas reads its official packages and runs libxml2 in a worker from files, not from the bundle: they
 * go to `dist/fiscal-schemas/` in the package's own layout (`schemas/`, `src/worker.mjs`), where it looks for them.
 */
function copyFiscalSchemas(outdir: string): void {
  const from = path.join(ROOT, 'services', 'fiscal-schemas');
  const to = path.join(outdir, 'fiscal-schemas');
  fs.cpSync(path.join(from, 'schemas'), path.join(to, 'schemas'), { recursive: true });
  fs.mkdirSync(path.join(to, 'src'), { recursive: true });
  fs.copyFileSync(path.join(from, 'src', 'worker.mjs'), path.join(to, 'src', 'worker.mjs'));
}

/** `npm run build [-- <outdir>]` (default `dist/`). */
if (require.main === module) {
  const started = Date.now();
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  buildProcesses(outdir)
    .then((files) => console.log(`built ${files.length} files into ${path.relative(ROOT, outdir ?? path.join(ROOT, 'dist'))}/ in ${Date.now() - started} ms`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
