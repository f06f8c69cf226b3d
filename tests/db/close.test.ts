/** Issue 11, finding 3: shutting down never throws, even when the checkpoint or the close itself fails. */
import { describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { tempDir } from '../helpers/tmp'

describe('core.close()', () => {
  it('does not throw when the connection is busy (a query still iterating), and logs why', () => {
    const { dir, cleanup } = tempDir()
    const logged: string[] = []
    const core = createCore({ dataDir: dir, mode: 'web', version: 't', autoBackup: false, log: (m) => logged.push(m) })
    const rows = core.db.prepare('SELECT * FROM sqlite_master').iterate()
    rows.next()
    try {
      expect(() => core.close()).not.toThrow()
      expect(logged.join('\n')).toMatch(/checkpoint at close failed/)
    } finally {
      rows.return?.()
      if (core.db.open) core.db.close()
      cleanup()
    }
  })

  it('can be called twice', () => {
    const { dir, cleanup } = tempDir()
    const core = createCore({ dataDir: dir, mode: 'web', version: 't', autoBackup: false, log: () => {} })
    core.close()
    expect(() => core.close()).not.toThrow()
    expect(core.db.open).toBe(false)
    cleanup()
  })
})
