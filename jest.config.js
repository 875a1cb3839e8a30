/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The fault tests kill processes and stop engines for minutes: `npm run test:faults` runs them.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/faults/'],
  transform: {
    '^.+\\.ts$': ['@swc/jest'],
    // The OTLP exporter loads node:http with import(), which jest's module sandbox refuses:
    // compiled to require() here.
    '/@opentelemetry/otlp-exporter-base/.+\\.js$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!@opentelemetry/otlp-exporter-base/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
  // Engines are shared by all test files; two workers keep a 2-core machine busy without thrashing.
  maxWorkers: 2,
};
