// ESLint flat config: @eslint/js and typescript-eslint recommended, two type-aware rules that catch
// what types alone don't (a promise nobody awaits or catches: a lost error, or a write the caller
// thinks is done), the React hooks rules for the web app, and the import boundaries of
// docs/ARCHITECTURE.md section 2.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * The trading core's one door (docs/ARCHITECTURE.md sections 2 and 11, docs/decisions/0027): a file
 * outside server/features/trading/ imports the core through trading-core.ts only, so the lock it
 * hands out, its queries and its rules stay behind the API that takes the group lock first.
 */
const tradingDoor = {
  group: ['**/trading/**', '!**/trading/trading-core.ts'],
  message: 'Outside the trading core, import it through features/trading/trading-core.ts only (docs/decisions/0027).',
};

/** MikroORM's unit-of-work and transaction calls, refused on an EntityManager in server code (below). */
const UNIT_OF_WORK =
  '/^(fork|persist|persistAndFlush|flush|transactional|begin|commit|rollback|find|findOne|findOneOrFail|findAll|findAndCount|create|assign|remove|merge|refresh|populate|getReference|upsert|upsertMany|nativeInsert|nativeUpdate|nativeDelete|clear|setTransactionContext)$/';
const UNIT_OF_WORK_MESSAGE =
  "The server queries through Kysely only (kysely(em)): poolEm(orm) outside a transaction, inTransaction (or events.transaction) for one; MikroORM's unit of work is not used (docs/decisions/0048).";

export default defineConfig([
  globalIgnores(['**/dist/', '**/node_modules/', 'uploads/', '.data/', 'test-artifacts/', 'server/db/migrations/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks an argument or binding that is deliberately unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The service worker has its own tsconfig (the WebWorker library, not the DOM).
    files: ['web/src/sw/service-worker.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './web/src/sw/tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // The browser tests (web/e2e) start the real server; the app itself never imports it.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The web app never imports the server: share through protocol/.' }] },
      ],
    },
  },
  {
    // web/src/lib is the floor of the web app: helpers over the protocol that any screen, store or
    // component may use, so it imports none of them (a helper that needs a store lives in stores/,
    // a hook that needs one in hooks/). Repeats the rule above: a later block replaces it here.
    files: ['web/src/lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app never imports the server: share through protocol/.' },
            {
              group: ['**/stores/**', '**/components/**', '**/pages/**', '**/app/**', '**/hooks/**', '**/realtime/**', '**/api/**'],
              message: 'web/src/lib imports only protocol/ and lib/: move code that needs a store, the API or a component out of lib.',
            },
          ],
        },
      ],
    },
  },
  {
    // The floors the features stand on never import a feature, nor the composition that names them
    // all (deps.ts, subscribers.ts, server.ts): features plug into them at start-up, so every arrow
    // points down (docs/ARCHITECTURE.md section 2). Types included: a type import is an arrow too.
    files: ['server/{http,realtime,events,db,mail,storage,ops,lib,caches,outbox}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/deps.ts', '**/subscribers.ts', '**/server.ts', '**/app.ts'],
              message: 'A lower floor never imports features/ or the composition: take an interface of its own, handed in by server.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The trading core's door (tradingDoor, above), for the server, its tests and the scripts. The
    // core's own files, and the composition that wires it in (server.ts, deps.ts, subscribers.ts:
    // the core's match-notices subscriber is registered there), are the ones that may import its
    // internals. ESLint's own no-restricted-imports, not typescript-eslint's: the floors' rule above
    // keeps its own options, and type imports count all the same.
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/features/trading/**', 'server/server.ts', 'server/deps.ts', 'server/subscribers.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [tradingDoor] }],
    },
  },
  {
    // The server reads and writes through Kysely only (docs/decisions/0048): MikroORM's unit of work
    // (its identity map, persist and flush, its transactions) is never used, which is what lets every
    // request share the pool's EntityManager (db/pool-em.ts) and a transaction be Kysely's own
    // (db/transaction.ts). Those two files, and the start-up's migrations, are where a fork is made.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**', 'server/db/pool-em.ts', 'server/db/transaction.ts', 'server/db/database.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['em', 'tx'].flatMap((name) => [
          { selector: `CallExpression[callee.object.name='${name}'][callee.property.name=${UNIT_OF_WORK}]`, message: UNIT_OF_WORK_MESSAGE },
          {
            selector: `CallExpression[callee.object.property.name='${name}'][callee.property.name=${UNIT_OF_WORK}]`,
            message: UNIT_OF_WORK_MESSAGE,
          },
        ]),
      ],
    },
  },
  {
    // Plain JavaScript here is tooling run by Node (this file and the like).
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // Tests may poke at loosely typed payloads and internals.
    files: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
]);
