import js from '@eslint/js'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import ts from 'typescript-eslint'
import prettier from 'eslint-config-prettier'

const NODE_BUILTINS = `^(node:.*|${['fs', 'fs/promises', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'net', 'util', 'url', 'events', 'stream', 'buffer', 'worker_threads', 'zlib'].join('|')})$`

/** Import walls: what each layer may not import. */
const wall = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] })

const noIpcMain = {
  name: 'electron',
  importNames: ['ipcMain'],
  message: 'Only src/main/ipc/register.ts may import ipcMain; everything else goes through the dispatcher.',
}

export default ts.config(
  {
    ignores: [
      'out/**',
      '.out-*/**',
      '.tmp/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.native/**',
    ],
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [noIpcMain] }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
  // Type-aware rules (issue 15): each file is checked with the types of its own layer's tsconfig.json
  // (typescript-eslint's project service finds the nearest one, as an editor does).
  {
    files: ['**/*.ts', '**/*.mts', '**/*.svelte'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its error. Deliberate fire-and-forget calls are written `void p`.
      '@typescript-eslint/no-floating-promises': 'error',
      // A switch over a union (an action type, an error code, a key decision) handles every member.
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['src/shared/**'],
    rules: wall(
      [
        { regex: NODE_BUILTINS, message: 'src/shared is pure: no Node built-ins.' },
        { group: ['electron', 'electron/*'], message: 'src/shared is pure: no Electron.' },
        { group: ['better-sqlite3'], message: 'src/shared is pure: no database.' },
        { group: ['svelte', 'svelte/*'], message: 'src/shared is pure: no Svelte.' },
        {
          group: ['**/main/**', '**/core/**', '**/renderer/**', '**/web/**', '**/preload/**'],
          message: 'src/shared may only import src/shared.',
        },
      ],
      [noIpcMain],
    ),
  },
  {
    // Clocks and randomness are passed in (issue 15), so the rules engines and the event log replay the
    // same way everywhere and their tests need no fake timers.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'src/shared reads no clock: take the time (or a clock function) as a parameter.',
        },
        {
          object: 'Math',
          property: 'random',
          message: 'src/shared draws no random numbers: take a random source as a parameter.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            'src/shared reads no clock: `new Date()` without an argument is the current time; take it as a parameter.',
        },
        {
          selector: "CallExpression[callee.name='Date'][arguments.length=0]",
          message: 'src/shared reads no clock: `Date()` is the current time; take it as a parameter.',
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    rules: wall([
      { group: ['electron', 'electron/*'], message: 'The renderer never imports Electron; use lib/api.ts.' },
      { regex: NODE_BUILTINS, message: 'The renderer runs in a sandboxed page: no Node built-ins.' },
      { group: ['better-sqlite3', 'valibot'], message: 'The renderer reaches data only through lib/api.ts.' },
      {
        group: ['**/main/**', '**/core/**', '**/web/**', '**/preload/**'],
        message: 'The renderer may import only src/shared and itself.',
      },
    ]),
  },
  {
    // The plain-Node core and the web bridge: no Electron, and nothing from the Electron edge (src/main).
    files: ['src/core/**', 'src/web/**'],
    rules: wall(
      [
        {
          group: ['electron', 'electron/*'],
          message: 'Electron stays at the edge (src/main) so the core runs and is tested in plain Node.',
        },
        {
          group: ['**/main/**', '**/renderer/**', '**/preload/**'],
          message:
            'src/core and src/web import only src/core and src/shared: the Electron edge (src/main) uses them, not the other way.',
        },
      ],
      [noIpcMain],
    ),
  },
  {
    files: ['src/main/**'],
    ignores: ['src/main/index.ts', 'src/main/window.ts', 'src/main/ipc/register.ts'],
    rules: wall(
      [
        {
          group: ['electron', 'electron/*'],
          message:
            'Electron stays at the edge (index.ts, window.ts, ipc/register.ts) so the rest runs and is tested in plain Node.',
        },
      ],
      [noIpcMain],
    ),
  },
  {
    files: ['src/main/ipc/register.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['tests/**', 'bench/**', 'scripts/**'],
    rules: wall(
      [],
      [{ name: 'electron', message: 'Tests and tools never import electron (it needs the binary); vi.mock it.' }],
    ),
  },
  // Layout is Prettier's (`npm run format`); this turns off the lint rules that would argue with it.
  prettier,
)
