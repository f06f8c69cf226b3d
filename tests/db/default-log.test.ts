/**
 * The core's default log (the web bridge's server log): a line without an error is the message
 * alone, so a copied data file logs “… new events get a new device id, <that id>”, never
 * “… device id undefined”, and the id it names is the one the copy's new events carry. A restore
 * from a backup names its new device id the same way.
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

const newestDevice = (core: ReturnType<typeof createCore>): unknown =>
  core.opened.db.prepare('SELECT device_id FROM events ORDER BY hlc DESC LIMIT 1').pluck().get()

describe('the default log', () => {
  it('names the new device id a copied data file gets, without a trailing “undefined”', async () => {
    const a = tempDir()
    const b = tempDir()
    cleanups.push(a.cleanup, b.cleanup)
    const first = createCore({ dataDir: a.dir, mode: 'web', version: 'test', autoBackup: false, log: () => {} })
    expect((await first.dispatch('players:create', { name: 'Ana' })).ok).toBe(true)
    const original = newestDevice(first)
    const file = first.opened.file
    first.close()
    copyFileSync(file, join(b.dir, file.slice(a.dir.length + 1)))
    const lines: string[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(format(...args)))
    const copy = createCore({ dataDir: b.dir, mode: 'web', version: 'test', autoBackup: false })
    cleanups.push(() => copy.close())
    expect(lines.filter((l) => l.includes('undefined'))).toEqual([])
    const line = lines.find((l) => l.startsWith('this data file was copied or moved'))
    const named = /^this data file was copied or moved: new events get a new device id, ([0-9a-f-]{36})$/.exec(
      line ?? '',
    )?.[1]
    expect(named, line).toBeDefined()
    expect(named).not.toBe(original)
    expect((await copy.dispatch('players:create', { name: 'Bo' })).ok).toBe(true)
    expect(newestDevice(copy)).toBe(named)
  })

  it('names the new device id after a restore from a backup', async () => {
    const a = tempDir()
    cleanups.push(a.cleanup)
    const lines: string[] = []
    const core = createCore({
      dataDir: a.dir,
      mode: 'web',
      version: 'test',
      autoBackup: false,
      log: (m: string) => void lines.push(m),
    })
    cleanups.push(() => core.close())
    expect((await core.dispatch('players:create', { name: 'Ana' })).ok).toBe(true)
    const before = newestDevice(core)
    const backup = await core.dispatch('backup:now', {})
    if (!backup.ok) throw new Error(backup.error.message)
    const restored = await core.dispatch('backup:restore', { name: (backup.value as { name: string }).name })
    expect(restored.ok).toBe(true)
    const named = lines
      .map((l) => /^restored from a backup: new events get a new device id, ([0-9a-f-]{36})$/.exec(l)?.[1])
      .find(Boolean)
    expect(named, lines.join('\n')).toBeDefined()
    expect(named).not.toBe(before)
    expect((await core.dispatch('players:create', { name: 'Bo' })).ok).toBe(true)
    expect(newestDevice(core)).toBe(named)
  })
})
