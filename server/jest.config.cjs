/**
 * Server tests: unit tests next to the code (src/**\/*.spec.ts) and integration tests over HTTP
 * against the real PostgreSQL and Redis (test/**\/*.e2e-spec.ts). The global setup migrates and
 * seeds a template database once; every test file copies it (CREATE DATABASE ... TEMPLATE).
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    // server/tsconfig.json with CommonJS output: jest runs every file in its CommonJS registry,
    // also the prisma/ scripts the tests import (ES modules by the root package.json, which the
    // Node20 module setting would emit as such). Transpiled only (isolatedModules): the types
    // are checked by `npm run check`
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs' } }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // prisma/seed uses .js import endings (valid for tsx, tsc NodeNext and Playwright)
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // the contract from its sources: tests need no build of it
    '^@app/contract$': '<rootDir>/../contract/src/index.ts',
    '^file-type$': '<rootDir>/../node_modules/file-type/index.js',
  },
  roots: ['<rootDir>', '<rootDir>/../contract/src'],
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
    '<rootDir>/../contract/src/**/*.spec.ts',
  ],
  globalSetup: '<rootDir>/test/global-setup.ts',
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  maxWorkers: 2,
  // a worker that ran many files holds what they left behind (Nest apps, Prisma clients): one
  // ran out of memory after 100 files in CI; a worker above this after a file is replaced
  workerIdleMemoryLimit: '1GB',
  // a safety net against a hang, not a speed check: an app's start in a beforeAll took over 30 s
  // when the machine ran 25 processes for its 2 cores (tests wait for events, never for time)
  testTimeout: 120000,
};
