/**
 * Schema step for club data (src/core/db/migrations/v6.ts): a file from before it gains the club
 * tables, and club events already in its log (written by a newer laptop, say) are projected when
 * it opens, from the events alone.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { openDatabase } from '../../src/core/db/open'
import { MIGRATIONS } from '../../src/core/db/migrations/index'
import { clubTablesUp } from '../../src/core/db/migrations/v6'
import { CLUB_SUBJECT } from '../../src/shared/events/club'
import { formatHlc } from '../../src/shared/events/hlc'
import type { Season } from '../../src/shared/model/club'
import { tempDir } from '../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

const DEV = '0190f5c2-0000-7000-8000-00000000d0c1'
const CLUB_STEP = MIGRATIONS.findIndex((m) => m.up === clubTablesUp)

function fileBeforeClubStep(withEvents: boolean): string {
  const t = tempDir()
  cleanups.push(t.cleanup)
  const file = join(t.dir, 'ninekeeper.sqlite')
  const { db } = openDatabase(file, { migrations: MIGRATIONS.slice(0, CLUB_STEP) })
  // As the app leaves it after opening: the projections rebuilt, the mark cleared.
  db.prepare("DELETE FROM meta WHERE key = 'projections_rebuild_needed'").run()
  if (withEvents) {
    const ins = db.prepare(
      'INSERT INTO events (id, device_id, device_seq, hlc, kind, v, subject, payload) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
    )
    const S = '0190f5c2-cccc-7000-8000-000000000001'
    const fields = {
      name: 'Autumn league',
      startDate: '2026-09-01',
      endDate: '2026-11-30',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    }
    ins.run(
      '0190f5c2-0001-7000-8000-0000000000e1',
      DEV,
      1,
      formatHlc(1000, 0, DEV),
      'season.created',
      S,
      JSON.stringify(fields),
    )
    ins.run(
      '0190f5c2-0002-7000-8000-0000000000e2',
      DEV,
      2,
      formatHlc(2000, 0, DEV),
      'season.updated',
      S,
      JSON.stringify({ name: 'Autumn cup' }),
    )
    ins.run(
      '0190f5c2-0003-7000-8000-0000000000e3',
      DEV,
      3,
      formatHlc(3000, 0, DEV),
      'club.rating-system-set',
      CLUB_SUBJECT,
      JSON.stringify({ system: 'elo' }),
    )
  }
  db.close()
  return t.dir
}

describe('the club data schema step', () => {
  it('is a step of its own after the local-dates step', () => {
    expect(CLUB_STEP).toBeGreaterThanOrEqual(5)
  })

  it('projects club events already in the log when an older file opens', async () => {
    const dir = fileBeforeClubStep(true)
    const core = createCore({ dataDir: dir, mode: 'web', version: 'test', log: () => {}, autoBackup: false })
    try {
      const r = await core.dispatch('seasons:list', {})
      expect(r.ok && (r.value as Season[]).map((s) => [s.name, s.startDate, s.endDate])).toEqual([
        ['Autumn cup', '2026-09-01', '2026-11-30'],
      ])
      expect(core.db.prepare("SELECT value FROM club_settings WHERE key = 'rating_system'").pluck().get()).toBe('elo')
      expect(core.db.prepare("SELECT count(*) FROM meta WHERE key = 'projections_rebuild_needed'").pluck().get()).toBe(
        0,
      )
    } finally {
      core.close()
    }
  })

  it('leaves a file without club events alone (no rebuild)', () => {
    const dir = fileBeforeClubStep(false)
    const { db } = openDatabase(join(dir, 'ninekeeper.sqlite'), { migrations: MIGRATIONS.slice(0, CLUB_STEP + 1) })
    try {
      expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'projections_rebuild_needed'").pluck().get()).toBe(0)
      expect(db.prepare('SELECT count(*) FROM seasons').pluck().get()).toBe(0)
    } finally {
      db.close()
    }
  })
})
