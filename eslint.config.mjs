import js from '@eslint/js'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import ts from 'typescript-eslint'

const NODE_BUILTINS = `^(node:.*|${['fs', 'fs/promises', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'net', 'util', 'url', 'events', 'stream', 'buffer', 'worker_threads', 'zlib'].join('|')})$`

/** Import walls: what each layer may not import. */
const wall = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] })

const noIpcMain = {
  name: 'electron',
  importNames: ['ipcMain'],
  message: 'Only src/main/ipc/register.ts may import ipcMain; everything else goes through the dispatcher.',
}

export default ts.config(
  { ignores: ['out/**', '.out-*/**', '.tmp/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.native/**'] },
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
  {
    files: ['src/shared/**'],
    rules: wall(
      [
        { regex: NODE_BUILTINS, message: 'src/shared is pure: no Node built-ins.' },
        { group: ['electron', 'electron/*'], message: 'src/shared is pure: no Electron.' },
        { group: ['better-sqlite3'], message: 'src/shared is pure: no database.' },
        { group: ['svelte', 'svelte/*'], message: 'src/shared is pure: no Svelte.' },
        { group: ['**/main/**', '**/renderer/**', '**/web/**', '**/preload/**'], message: 'src/shared may only import src/shared.' },
      ],
      [noIpcMain],
    ),
  },
  {
    files: ['src/renderer/**'],
    rules: wall([
      { group: ['electron', 'electron/*'], message: 'The renderer never imports Electron; use lib/api.ts.' },
      { regex: NODE_BUILTINS, message: 'The renderer runs in a sandboxed page: no Node built-ins.' },
      { group: ['better-sqlite3', 'valibot'], message: 'The renderer reaches data only through lib/api.ts.' },
      { group: ['**/main/**', '**/web/**', '**/preload/**'], message: 'The renderer may import only src/shared and itself.' },
    ]),
  },
  {
    files: ['src/main/**', 'src/web/**'],
    ignores: ['src/main/index.ts', 'src/main/window.ts', 'src/main/ipc/register.ts'],
    rules: wall(
      [{ group: ['electron', 'electron/*'], message: 'Electron stays at the edge (index.ts, window.ts, ipc/register.ts) so this runs and is tested in plain Node.' }],
      [noIpcMain],
    ),
  },
  {
    files: ['src/main/ipc/register.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['tests/**', 'bench/**', 'scripts/**'],
    rules: wall([], [{ name: 'electron', message: 'Tests and tools never import electron (it needs the binary); vi.mock it.' }]),
  },
)
