// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  // .engines/ holds the local engines and the fuzzer's Python environment, not our code.
  {
    ignores: [
      'node_modules/',
      'dist/',
      'packages/*/dist/',
      // Written from the OpenAPI document by openapi-typescript (npm run openapi:client).
      'packages/sender/src/service/openapi-paths.ts',
      'coverage/',
      'bench/results/',
      'test-artifacts/',
      '.engines/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: [
      'scripts/**/*.ts',
      'test/**/*.ts',
      'bench/**/*.ts',
      'admin/**/*.ts',
      'packages/sender/src/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Jest's asymmetric matchers (expect.any, expect.stringContaining) are typed `any`.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  { files: ['**/*.mjs', '**/*.js', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  {
    // A preload node runs before a process's own code (bench/measure/command-counter.cjs).
    files: ['**/*.cjs'],
    languageOptions: { globals: { require: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.js'], languageOptions: { globals: { module: 'writable', require: 'readonly' } } },
  prettier,
);
