/**
 * The device clock is not written on every local event: it is read back from the log when the app
 * starts. A restart, even with the computer's clock set back, never stamps an event earlier than
 * one this device made or received, and the per-device numbers go on without a gap.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { tempDir } from '../helpers/tmp'

describe('device clock across restarts', () => {
  const t = tempDir()
  afterEach(() => t.cleanup())
  const open = (at: string) => {
    let ms = Date.parse(at)
    return createCore({
      dataDir: t.dir,
      mode: 'web',
      version: '0.0.0-test',
      clock: () => new Date((ms += 1)),
      log: () => {},
      autoBackup: false,
    })
  }
  const own = (core: ReturnType<typeof open>) =>
    core.db
      .prepare(
        "SELECT device_seq, hlc FROM events WHERE device_id = (SELECT value FROM meta WHERE key = 'device_id') ORDER BY device_seq",
      )
      .all() as { device_seq: number; hlc: string }[]

  it('after a restart with the clock an hour back, new stamps still come after the old ones', async () => {
    let core = open('2026-12-01T20:00:00.000Z')
    for (const name of ['Ann', 'Bo', 'Cy']) expect((await core.dispatch('players:create', { name })).ok).toBe(true)
    const before = own(core)
    core.close()

    core = open('2026-12-01T19:00:00.000Z')
    expect((await core.dispatch('players:create', { name: 'Di' })).ok).toBe(true)
    const after = own(core)
    core.close()
    expect(after.map((e) => e.device_seq)).toEqual([1, 2, 3, 4])
    const last = before[before.length - 1]!.hlc
    expect(after[3]!.hlc > last).toBe(true)
    // It continues the old wall time (the computer says an hour earlier).
    expect(after[3]!.hlc.slice(0, 15)).toBe(last.slice(0, 15))
  })
})
