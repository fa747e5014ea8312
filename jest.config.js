/**
 * Two jest projects (README, "Tests"):
 * - unit: every test under a `test/unit/` folder. Pure logic, no stack: `npm run test:unit`.
 * - integration: every other test (a workspace's integration tests, the end-to-end tests in test/e2e/). Its
 *   global setup starts a throw-away stack (FerretDB, NATS, the local authority, the five services and the gateway on free ports, data
 *   in a temporary folder); jest runs it only when a test of this project is selected.
 * An unclassified test is integration, so it never runs without the stack it may need.
 * jose 6 and auto-bind 5 (of the admin's code generator) ship ESM only: swc turns them (and our TypeScript) into
 * CommonJS for jest; at run time Node loads them natively.
 */
const UNIT_FOLDERS = '/test/unit/';

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|auto-bind)/)'],
  testMatch: [
    '<rootDir>/services/*/test/**/*.test.ts',
    '<rootDir>/test/**/*.test.ts',
    '<rootDir>/gateway/test/**/*.test.ts',
    '<rootDir>/contracts/test/**/*.test.ts',
    '<rootDir>/admin/test/**/*.test.ts',
    '<rootDir>/admin/codegen/test/**/*.test.ts',
  ],
};
const ignored = ['/node_modules/', '/.data/'];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      // One rule for both projects: here every test outside the unit folders is left out, below every test inside.
      testPathIgnorePatterns: [...ignored, `^(?!.*${UNIT_FOLDERS})`],
    },
    {
      ...common,
      displayName: 'integration',
      testPathIgnorePatterns: [...ignored, UNIT_FOLDERS],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
  maxWorkers: 2,
  testTimeout: 30_000,
};
