/**
 * Web tests: jest + jsdom + Testing Library. Run from the repository root: `npm run test:web`.
 * react-router 8 is ESM only: jest loads it with require(esm), which needs Node 24.9+ and
 * `--experimental-vm-modules` (the test:web script passes it).
 * ts-jest only transpiles (isolatedModules); `tsc -p web --noEmit` checks the types.
 */
import type { Config } from 'jest';

const config: Config = {
  rootDir: '.',
  displayName: 'web',
  testEnvironment: '<rootDir>/jest.environment.mjs',
  roots: ['<rootDir>/src'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  // room for the async utilities' wait (src/test/setup.ts) on a busy machine
  testTimeout: 30_000,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '\\.(css|scss|sass)$': 'identity-obj-proxy',
    // the contract from its sources (as Vite and tsc read it)
    '^@app/contract$': '<rootDir>/../contract/src/index.ts',
    '^@app/contract/(.*)$': '<rootDir>/../contract/src/$1',
  },
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          jsx: 'react-jsx',
          module: 'commonjs',
          esModuleInterop: true,
          resolveJsonModule: true,
          isolatedModules: true,
        },
        diagnostics: false,
      },
    ],
  },
};

export default config;
