// Typed linting of every TypeScript file (docs/foundation.md, "Lint and test layout"); the import boundaries are
// dependency-cruiser's job (.dependency-cruiser.cjs).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // admin/src/api/generated/ is written by `npm run codegen` (and held to it by a test): not code to lint.
  { ignores: ['**/node_modules/', '.data/', '.tools/', 'coverage/', '**/dist/', 'admin/src/api/generated/'] },
  {
    // The administration page (admin/, React) is TypeScript too; its own tsconfig (DOM lib, JSX) types it.
    files: ['**/*.ts', '**/*.tsx'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `async` without `await` is how a function meets a Promise-returning contract here (fastify hooks and
      // handlers, whose async form replaces the `done` callback; the kit's setup and stop hooks) and turns a
      // throw into a rejection. The promise rules above catch what goes wrong with promises.
      '@typescript-eslint/require-await': 'off',
      // tsc checks this already (noUnusedLocals, noUnusedParameters), with its own exceptions (`_` names,
      // a key left out of an object by destructuring); one checker, one set of exceptions.
      '@typescript-eslint/no-unused-vars': 'off',
      // Small files with one job: about 300 lines is the aim, 400 the limit (generated files are ignored above).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // Tests read JSON bodies and NATS payloads as `any` and assert on them; typing every response would add
    // declarations that check nothing the assertion does not. The promise rules stay: an unawaited
    // `expect(...).rejects` is a test that cannot fail.
    files: ['**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    // mongosh scripts run inside the MongoDB shell.
    files: ['deploy/mongodb/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { db: 'readonly', rs: 'readonly', print: 'readonly', sleep: 'readonly' } },
  },
);
