/**
 * Server tests: unit tests next to the code (src/**\/*.spec.ts) and integration tests over HTTP
 * against the real PostgreSQL and Redis (test/**\/*.e2e-spec.ts). The global setup migrates and
 * seeds a template database once; every test file copies it (CREATE DATABASE ... TEMPLATE).
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
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
  testTimeout: 30000,
};
