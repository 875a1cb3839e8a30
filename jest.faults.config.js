/**
 * The fault tests (`npm run test:faults`): real processes and engines that the tests kill, stop
 * and restart. They take minutes, so `npm test` leaves them out (jest.config.js) and they run
 * here, one file at a time; each starts the engines it disturbs on its own.
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/faults'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 300_000,
  // One file at a time: the scenarios kill processes, stop engines, and time what follows.
  maxWorkers: 1,
};
