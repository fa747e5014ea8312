/**
 * The boundaries of docs/foundation.md ("Lint and test layout"), checked by `npm run lint`.
 * Workspaces and their public entry files come from the package.json files, so a new workspace
 * (services/fiscal-rules, say) is covered as soon as it is listed in the root package.json.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = require('./package.json');

const esc = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Workspace folders, longest first so the group in a `from` path catches the innermost one. */
const workspaces = root.workspaces.slice().sort((a, b) => b.length - a.length);
const WORKSPACE = `^(${workspaces.map(esc).join('|')})/`;

/** Libraries other workspaces may import, by package name only, each through its one entry file. */
const LIBRARIES = ['contracts', 'services/kit', 'services/fiscal-rules', 'services/fiscal-schemas'];
const entryOf = (folder) => {
  const manifest = path.join(__dirname, folder, 'package.json');
  const main = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')).main : undefined;
  return path.posix.join(folder, main ?? 'src/index.ts');
};
const LIBRARY = `^(${LIBRARIES.map(esc).join('|')})/`;
const LIBRARY_ENTRY = `^(${LIBRARIES.map(entryOf).map(esc).join('|')})$`;

const SERVICE = '^(services/(?:token|ingestion|fiscal-document|tax-simulation|settings|local-authority)|gateway)/';

/** The admin page's code generator (build-time, Node) and the one file of each service it may read. */
const ADMIN_CODEGEN = '^admin/codegen/';
const SUBGRAPH_SCHEMA = '^services/(token|ingestion|fiscal-document|tax-simulation|settings)/src/graphql/schema\\.ts$';

/** Test code: any file under a `test/` folder (each workspace's tests, and the test workspace itself). */
const TEST_CODE = '(^|/)test/';
const NOT_TEST_CODE = '^(?!test/)(?!.*/test/)';
/** The one shared test harness, for test code only: the stack launcher and every `test/support/` folder. */
const TEST_HARNESS = ['^scripts/stack/', '(^|/)test/support/'];

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'Domain code holds pure rules: no database, broker, HTTP or GraphQL library and nothing from the kit ' +
        '(which wraps all of those). I/O belongs in app/, store/, messaging/, rest/ or graphql/.',
      severity: 'error',
      from: { path: '(^|/)src/domain/' },
      to: {
        path: [
          '(^|/)node_modules/(mongoose|mongodb|bson|nats|@nats-io|fastify|@fastify|@apollo|@as-integrations|graphql)/',
          '^services/kit/',
          '^(node:)?(http|https|http2|net|tls|dgram)$',
        ],
      },
    },
    {
      name: 'no-service-imports-another',
      comment:
        'Services and the gateway talk over NATS and HTTP only; what they share belongs in @erp/kit, ' +
        '@erp/contracts or @erp/fiscal-rules.',
      severity: 'error',
      from: { path: SERVICE },
      // A test/support/ folder is shared test harness (no product code may import it: no-test-code-in-product).
      to: { path: SERVICE, pathNot: ['^$1/', '(^|/)test/support/'] },
    },
    {
      name: 'only-public-entry-of-a-library',
      comment:
        'Across workspaces only the public entry file: @erp/kit, @erp/contracts or @erp/fiscal-rules by ' +
        'package name, never a file behind it (@erp/kit/src/...). Export what you need from its entry instead.',
      severity: 'error',
      from: { path: WORKSPACE },
      to: { path: LIBRARY, pathNot: ['^$1/', LIBRARY_ENTRY, '(^|/)test/support/'] },
    },
    {
      name: 'no-relative-import-across-workspaces',
      comment: 'Product code reaches another workspace by package name only, never by a relative path.',
      severity: 'error',
      from: { path: WORKSPACE, pathNot: TEST_CODE },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], pathNot: '^$1/' },
    },
    {
      name: 'no-relative-import-across-workspaces',
      comment:
        'Test code reaches another workspace by package name only, except the shared test harness ' +
        '(scripts/stack, any test/support/ folder), of which there is one copy.',
      severity: 'error',
      from: { path: WORKSPACE, pathNot: [NOT_TEST_CODE, '^test/bench/'] },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], pathNot: ['^$1/', ...TEST_HARNESS] },
    },
    {
      name: 'no-relative-import-across-workspaces',
      comment:
        'Benchmarks may also reach the inner parts of a service they measure on their own (the row validator, ' +
        'the token cache); nothing ships them and no service depends on them.',
      severity: 'error',
      from: { path: '^(test)/bench/' },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], pathNot: ['^$1/', ...TEST_HARNESS, '^services/[^/]+/src/'] },
    },
    {
      name: 'no-relative-import-across-workspaces',
      comment: 'The root package (scripts/) reaches a workspace by package name only.',
      severity: 'error',
      from: { pathNot: WORKSPACE },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], path: WORKSPACE },
    },
    {
      name: 'only-libraries-across-workspaces',
      comment:
        'Product code uses another workspace only through @erp/kit, @erp/contracts or @erp/fiscal-rules; ' +
        'a service, the gateway or the test workspace is not a library.',
      severity: 'error',
      from: { path: WORKSPACE, pathNot: TEST_CODE },
      to: { path: WORKSPACE, pathNot: ['^$1/', LIBRARY], dependencyTypes: ['aliased'] },
    },
    {
      name: 'no-test-code-in-product',
      comment: 'Product code never imports tests, test support or the development launcher.',
      severity: 'error',
      from: { pathNot: [TEST_CODE, '^scripts/'] },
      to: { path: [TEST_CODE, '^scripts/'] },
    },
    {
      name: 'unit-tests-need-no-stack',
      comment:
        'A test under test/unit/ runs without the stack (npm run test:unit): no stack harness, ' +
        'no database or broker client, no child process. A test that needs them lives anywhere else.',
      severity: 'error',
      from: { path: '(^|/)test/unit/' },
      to: {
        path: [
          '^test/support/',
          '^scripts/',
          '(^|/)node_modules/(mongoose|mongodb|nats|@nats-io)/',
          '^(node:)?child_process$',
        ],
      },
    },
    {
      name: 'admin-page-is-standalone',
      comment:
        'The administration page (admin/) runs in the browser and talks to the stack over HTTP only (/graphql and ' +
        'the REST paths): it imports no other workspace, not even @erp/contracts (Node code, joi) - nor Node built-ins. ' +
        'Only its code generator (admin/codegen) reads the subgraphs\' schemas, at build time.',
      severity: 'error',
      from: { path: '^admin/', pathNot: ADMIN_CODEGEN },
      to: { path: '^(contracts|services|gateway|test|scripts)/' },
    },
    {
      name: 'admin-codegen-reads-only-subgraph-schemas',
      comment:
        'The admin\'s code generator composes the supergraph from each service\'s SDL (src/graphql/schema.ts), as the ' +
        'gateway does at start, and nothing else of another workspace.',
      severity: 'error',
      from: { path: ADMIN_CODEGEN },
      to: { path: '^(contracts|services|gateway|test|scripts)/', pathNot: SUBGRAPH_SCHEMA },
    },
    {
      name: 'admin-page-runs-no-codegen',
      comment:
        'The page reads the generated types (src/api/generated/), never the generator, which imports service code.',
      severity: 'error',
      from: { path: '^admin/src/' },
      to: { path: ADMIN_CODEGEN },
    },
    {
      name: 'admin-page-is-standalone',
      comment: 'The administration page runs in the browser: no Node built-in module.',
      severity: 'error',
      from: { path: '^admin/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file (a missing package, a moved file).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^\\.data/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
