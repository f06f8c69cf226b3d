/**
 * A fifth game touches at most 4 existing files, each an entry the compiler asks for
 * (docs/ARCHITECTURE.md, "Adding a game"): scripts/new-game-touches.mjs adds the tests' toy game to the
 * facts list in a copy of the program held in memory, gives each file the compiler names the toy's
 * entry, and checks the program compiles again. It type-checks the whole of src/ three or four times.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '../../..')

describe('adding a game', () => {
  it(
    'touches the facts list and the three registries the compiler names, nothing else',
    async () => {
      const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/new-game-touches.mjs')], {
        cwd: ROOT,
      })
      const files = stdout
        .split('\n')
        .filter((l) => l.startsWith('  '))
        .map((l) => l.trim().split(/\s+/)[0])
      expect(files).toEqual([
        'src/shared/games/ids.ts',
        'src/shared/games/errors.ts',
        'src/shared/games/registry.ts',
        'src/renderer/src/games/registry.ts',
      ])
    },
    // Three or four whole-program type checks: about a minute on a quiet machine, longer on a busy one.
    600_000,
  )
})
