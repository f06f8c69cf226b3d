/**
 * The core's default log (the web bridge's server log): a line without an error is the message
 * alone, so a copied data file logs “… new events get a new device id”, not “… device id undefined”.
 */
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { format } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCore } from '../../src/core/core'
import { tempDir } from '../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const c of cleanups.splice(0)) c()
})

describe('the default log', () => {
  it('says a copied data file gets a new device id without a trailing “undefined”', async () => {
    const a = tempDir()
    const b = tempDir()
    cleanups.push(a.cleanup, b.cleanup)
    const first = createCore({ dataDir: a.dir, mode: 'web', version: 'test', autoBackup: false, log: () => {} })
    expect((await first.dispatch('players:create', { name: 'Ana' })).ok).toBe(true)
    const file = first.opened.file
    first.close()
    copyFileSync(file, join(b.dir, file.slice(a.dir.length + 1)))
    const lines: string[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(format(...args)))
    const copy = createCore({ dataDir: b.dir, mode: 'web', version: 'test', autoBackup: false })
    copy.close()
    expect(lines).toContain('this data file was copied or moved: new events get a new device id')
    expect(lines.filter((l) => l.includes('undefined'))).toEqual([])
  })
})
