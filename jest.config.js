/**
 * One jest run for unit, integration and end-to-end tests. The global setup starts a throw-away stack
 * (FerretDB, NATS, the five services and the gateway on free ports, data in a temporary folder).
 * jose 6 ships ESM only: swc turns it (and our TypeScript) into CommonJS for jest; at run time Node loads it natively.
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
  testMatch: ['<rootDir>/services/*/test/**/*.test.ts', '<rootDir>/test/**/*.test.ts', '<rootDir>/gateway/test/**/*.test.ts', '<rootDir>/contracts/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.data/'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 2,
  testTimeout: 30_000,
};
