/**
 * Schema step 9 (src/core/db/migrations/v9.ts): round rows are found by time through their match
 * (first_round_at .. updated_at) instead of an index of round rows, and the log has no index by
 * stamp. The projector keeps first_round_at on every write; the step fills it for older files with
 * the same value, and keeps the log's newest stamp for the device clock.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/open'
import { MIGRATIONS } from '../../src/core/db/migrations/index'
import { leanerCommitsUp } from '../../src/core/db/migrations/v9'
import { projectionDigests } from '../../src/core/services/digest'
import { Device } from '../../src/core/services/device'
import { accepted, tempCore, tempDir } from '../helpers/tmp'
import { rebuiltDigests } from '../helpers/projections'

const STEP = MIGRATIONS.findIndex((m) => m.up === leanerCommitsUp)

describe('first_round_at, kept by the projector', () => {
  let core: ReturnType<typeof tempCore>
  beforeEach(() => {
    core = tempCore()
  })
  afterEach(() => core.cleanup())

  const call = <T>(channel: string, input: unknown): Promise<T> => accepted<T>(core, channel, input)
  const round = (i: number) => ({
    type: 'round',
    wentOut: i % 3,
    points: [0, 1, 2].map((k) => (k === i % 3 ? 0 : 1 + ((i + k) % 4))),
  })
  const rows = () =>
    core.db
      .prepare(
        `SELECT m.id, m.first_round_at AS kept, m.updated_at,
                (SELECT min(r.played_at) FROM round_results r WHERE r.match_id = m.id) AS first,
                (SELECT max(r.played_at) FROM round_results r WHERE r.match_id = m.id) AS last
         FROM matches m ORDER BY m.id`,
      )
      .all() as { id: string; kept: string | null; updated_at: string; first: string | null; last: string | null }[]

  it('is the earliest round row of each match, through rounds, a correction, undos and a rebuild', async () => {
    const ids: string[] = []
    for (const name of ['Ann', 'Bo', 'Cy']) ids.push((await call<{ id: string }>('players:create', { name })).id)
    const start = () =>
      call<{ id: string; actions: { eventId: string }[] }>('matches:create', {
        gameId: 'wild-nine',
        playerIds: ids,
        options: { houseRules: { cutoff: 10000 } },
      })
    const empty = await start()
    const a = await start()
    for (let i = 0; i < 4; i++) await call('matches:apply', { id: a.id, action: round(i) })
    const b = await start()
    await call('matches:apply', { id: b.id, action: round(0) })
    // Undoing b's only round leaves it without rows; entering one again gives it a later first round.
    await call('matches:undo', { id: b.id })
    expect(rows().find((r) => r.id === b.id)?.kept).toBeNull()
    await call('matches:apply', { id: b.id, action: round(1) })
    const viewA = await call<{ actions: { eventId: string }[] }>('matches:apply', { id: a.id, action: round(4) })
    await call('matches:correct', { id: a.id, eventId: viewA.actions[0]?.eventId, action: round(7) })
    await call('matches:undo', { id: a.id })
    await call('matches:undo', { id: a.id })

    const after = rows()
    expect(after.find((r) => r.id === empty.id)).toMatchObject({ kept: null, first: null })
    for (const r of after.filter((x) => x.id !== empty.id)) {
      expect(r.first).not.toBeNull()
      expect(r.kept).toBe(r.first)
      expect((r.last as string) <= r.updated_at).toBe(true)
    }
    // b's first round is the one entered after the undo, not the undone one.
    const bRow = after.find((r) => r.id === b.id)
    expect(bRow?.kept).toBe(bRow?.first)

    // Rebuilt from the events alone, on a second connection to the same file: the same rows.
    expect(rebuiltDigests(core.dir)).toEqual(projectionDigests(core.db))
  })
})

describe('schema step 9 on a file from before it', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => {
    for (const c of cleanups.splice(0)) c()
  })
  const before9 = () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    return openDatabase(join(t.dir, 'ninekeeper.sqlite'), { migrations: MIGRATIONS.slice(0, STEP) }).db
  }
  const indexes = (db: Database.Database) =>
    db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all()

  it("fills first_round_at with each match's earliest round, and drops the two indexes a round paid for", () => {
    expect(STEP).toBeGreaterThanOrEqual(8)
    const db = before9()
    const match = db.prepare(
      `INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, device_id)
       VALUES (?, 'nine', '{}', '{}', 'in-progress', ?, ?, 'd')`,
    )
    match.run('m1', '2026-01-01T20:00:00.000Z', '2026-01-02T01:00:00.000Z')
    match.run('m2', '2026-01-03T20:00:00.000Z', '2026-01-03T20:00:00.000Z')
    const roundRow = db.prepare(
      `INSERT INTO round_results (match_id, round, seat, player_id, game_id, score, total, won_round, played_at, day, e1)
       VALUES (?, ?, ?, ?, 'nine', ?, 0, ?, ?, ?, ?)`,
    )
    roundRow.run('m1', 2, 0, 'p1', 5, 0, '2026-01-02T00:30:00.000Z', '2026-01-02', 1)
    roundRow.run('m1', 1, 0, 'p1', 3, 1, '2026-01-01T21:00:00.000Z', '2026-01-01', 0)
    roundRow.run('m1', 1, 1, 'p2', 7, 0, '2026-01-01T21:00:00.000Z', '2026-01-01', 2)
    const names = indexes(db).map((i) => (i as { name: string }).name)
    expect(names).toEqual(expect.arrayContaining(['events_hlc', 'round_results_game_played', 'matches_updated']))

    db.transaction(() => leanerCommitsUp(db))()

    const after = indexes(db) as { name: string; sql: string }[]
    expect(after.map((i) => i.name)).not.toContain('events_hlc')
    expect(after.map((i) => i.name)).not.toContain('round_results_game_played')
    expect(after.find((i) => i.name === 'matches_updated')?.sql).toBe(
      'CREATE INDEX matches_updated ON matches(updated_at, id, first_round_at)',
    )
    expect(db.prepare('SELECT id, first_round_at FROM matches ORDER BY id').all()).toEqual([
      { id: 'm1', first_round_at: '2026-01-01T21:00:00.000Z' },
      { id: 'm2', first_round_at: null },
    ])
    // No events: nothing to remember of the log's clock.
    expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'hlc_log_newest'").pluck().get()).toBe(0)
    db.close()
  })

  it("keeps the log's newest stamp, so the first event made after the upgrade sorts after every event already here", () => {
    const db = before9()
    // An event from another laptop whose clock ran 40 s ahead, stored before meta kept the clock.
    const ahead = Date.parse('2026-12-01T09:00:40.000Z')
    const stamp = `${String(ahead).padStart(15, '0')}.000003.01900000-0000-7000-8000-00000000beef`
    db.prepare(
      `INSERT INTO events (id, device_id, device_seq, hlc, kind, v, subject, payload)
       VALUES ('01900000-0000-7000-9000-000000000001', '01900000-0000-7000-8000-00000000beef', 1, ?, 'player.created', 1,
               '01900000-0000-7000-8000-0000000000aa', '{"name":"Ana"}')`,
    ).run(stamp)
    db.prepare("DELETE FROM meta WHERE key = 'hlc'").run()

    db.transaction(() => leanerCommitsUp(db))()
    expect(db.prepare("SELECT value FROM meta WHERE key = 'hlc_log_newest'").pluck().get()).toBe(stamp)

    // This computer's clock says 09:00:00: its next stamp still comes after the one 40 s ahead.
    const device = new Device(db, () => new Date('2026-12-01T09:00:00.000Z'))
    const mine = db.transaction(() => device.stamp().hlc)()
    expect(mine > stamp).toBe(true)
    db.close()
  })
})
