// One Jest run for every workspace: TypeScript through SWC, jsdom for the web packages,
// node for contracts, api and deploy. e2e (Playwright) runs separately.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { webWorkspaces } from './scripts/lib/workspaces.cjs';

const versionOf = (workspace) => JSON.parse(readFileSync(new URL(`./${workspace}/package.json`, import.meta.url), 'utf8')).version;

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@fable/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@fable/shared$': '<rootDir>/../shared/src/index.ts',
    '^@fable/shared/testing$': '<rootDir>/../shared/src/testing/index.ts',
    '^@fable/mocks$': '<rootDir>/../mocks/src/index.ts',
    '^@fable/mocks/browser$': '<rootDir>/../mocks/src/browser.ts',
    '^@fable/mocks/node$': '<rootDir>/../mocks/src/testing/index.ts',
    '^@fable/rules/(billing|calendar|lore|group|tokens|random)$': '<rootDir>/../rules/src/$1/index.ts',
    '^@fable/shared/forms$': '<rootDir>/../shared/src/forms/index.ts',
    '^@fable/shared/visibility$': '<rootDir>/../shared/src/visibility/index.ts',
    '^@fable/shared/trackingIds$': '<rootDir>/../shared/src/analytics/trackingIds.ts',
    '^@fable/shared/characters$': '<rootDir>/../shared/src/api/charactersApi.ts',
    '^@fable/shared/promotions$': '<rootDir>/../shared/src/promotions/index.ts',
  },
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // ESM-only packages (openid-client and what it imports) go through
  // SWC to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose|rettime|until-async|@open-draft)/)'],
};

const web = (name) => ({
  ...common,
  displayName: name,
  rootDir: name,
  testEnvironment: '<rootDir>/../scripts/jest/webEnvironment.cjs',
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest/setupWeb.ts'],
  globals: {
    __APP_NAME__: name,
    __APP_VERSION__: '0.0.0-test',
    __CONTRACTS_VERSION__: versionOf('contracts'),
    __SHARED_VERSION__: versionOf('shared'),
    __STANDALONE_API__: 'mock',
  },
});

const node = (name) => ({
  ...common,
  displayName: name,
  rootDir: name,
  testEnvironment: 'node',
});

export default {
  rootDir: '.',
  // Tests run in a random order (a new seed each run, printed; --seed=N repeats one): none may depend on another.
  randomize: true,
  // A test's limit catches a hung test, not a slow one (speed is for the benchmarks): Jest's 5 s default failed UI
  // tests of several awaited steps, and the larger card imports, when the two cores were busy with other work. A
  // global option: Jest ignores it inside a project.
  testTimeout: 30_000,
  // Two workers a core: the API files wait on sockets, PGlite's thread and the PostgreSQL server much of the time, and
  // with one worker a core the two cores of CI's machine sat idle 44% of the run (12.4 CPU-minutes in 11.0 minutes).
  // Measured on them: 659 s with two workers, 467 s with four.
  maxWorkers: availableParallelism() * 2,
  // How long a worker has to end once the run is over before Jest kills it and warns of a leak (default 500 ms). Every
  // worker closes what its tests opened and leaves its event loop empty: measured in each worker at the end of a full
  // run, all four logged their exit within 1 ms of Jest's request. Ending a process that held 80-odd test files still
  // takes longer than 500 ms on two cores busy with four of them, and Jest warned of a leak that was not there (Jest 30.4
  // made the delay an option for that reason, jestjs/jest#15984). A real leak (a socket, a timer) keeps a worker up for
  // good, and 5 s still catches it.
  workerGracefulExitTimeout: 5_000,
  // The default report, and one line for the run when the tests on other apps' real card files were skipped.
  reporters: ['default', '<rootDir>/scripts/jest/skippedFixturesReporter.cjs'],
  // One project per workspace, from the one list (scripts/lib/workspaces.cjs): a new remote is picked up by its folder.
  projects: [
    ...['contracts', 'rules', 'scripts', 'deploy', 'api', 'payments-sandbox'].map(node),
    ...webWorkspaces().map(web),
  ],
};
