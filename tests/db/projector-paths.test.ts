/**
 * The projector's paths other than a whole match written afresh (src/core/services/projector.ts,
 * docs/ARCHITECTURE.md § The commit path): a round added at the end (only the match row's head and the
 * new round's rows are written; the results appear when it ends and go when the end is undone), seats
 * after merges (a player merged into someone not at the table, into a later seat), a seat row edited by
 * hand, a match imported from another laptop, the removal of the laptop that made it (its player and
 * match leave the projection), matches this version cannot play, the match's UTC offset, the validity
 * key, and the rebuild a migration marks.
 */
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ImportReport } from '../../src/shared/model/transfer'
import { EventStore } from '../../src/core/db/repos/events'
import { projectionDigests } from '../../src/core/services/digest'
import { Projector } from '../../src/core/services/projector'
import { TransferService } from '../../src/core/services/transfer'
import { projectorFor, rebuiltDigests } from '../helpers/projections'
import { accepted, tempCore } from '../helpers/tmp'

type Lap = ReturnType<typeof tempCore>
const open: Lap[] = []
const lap = (): Lap => {
  const l = tempCore()
  open.push(l)
  return l
}
let core: Lap
beforeEach(() => {
  core = lap()
})
afterEach(() => {
  for (const l of open.splice(0)) l.cleanup()
})

const call = <T>(channel: string, input: unknown, on: Lap = core): Promise<T> => accepted<T>(on, channel, input)
// Ann goes out every round: she scores 0, Bo 20, Cy 30; with the cutoff at 50 the second round ends it.
const round = { type: 'round', wentOut: 0, points: [0, 20, 30] }
const players = async (names: string[], on: Lap = core): Promise<string[]> => {
  const ids: string[] = []
  for (const name of names) ids.push((await call<{ id: string }>('players:create', { name }, on)).id)
  return ids
}
const start = (playerIds: string[], on: Lap = core, extra: Record<string, unknown> = {}) =>
  call<{ id: string }>(
    'matches:create',
    { gameId: 'wild-nine', playerIds, options: { houseRules: { cutoff: 50 } }, ...extra },
    on,
  )

const rowOf = (id: string, on: Lap = core) =>
  on.db.prepare('SELECT * FROM matches WHERE id = ?').get(id) as Record<string, unknown> | undefined
const seatsOf = (id: string, on: Lap = core) =>
  on.db
    .prepare('SELECT seat, player_id, original_player_id, color FROM match_seats WHERE match_id = ? ORDER BY seat')
    .all(id)
const roundsOf = (id: string, on: Lap = core) =>
  on.db.prepare('SELECT * FROM round_results WHERE match_id = ? ORDER BY round, seat').all(id)
const resultsOf = (id: string, on: Lap = core) =>
  on.db.prepare('SELECT player_id, seat, placement, won FROM match_results WHERE match_id = ? ORDER BY seat').all(id)

/**
 * A second projector over the same file, for the calls the services make inside their transactions, and
 * an import through it on this thread (the app's imports run in the database worker, out of reach of
 * the mutation run's switched code).
 */
function projectorOn(db: Database.Database): {
  projector: Projector
  events: EventStore
  importText: (text: string) => ImportReport
} {
  const clock = () => new Date('2026-11-30T13:00:00.000Z')
  const { device, events, stats, projector } = projectorFor(db, clock)
  const transfer = new TransferService(db, { events, device, projector, stats }, clock)
  return {
    projector,
    events,
    importText: (text) => {
      const r = transfer.importText(text)
      if (!r.ok) throw new Error(r.error.message)
      return r.value
    },
  }
}

/** Counts, in this connection, the writes to the columns and tables a round at the end must leave alone. */
function countWrites(db: Database.Database): () => Record<string, number> {
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS hits (what TEXT NOT NULL);
    CREATE TEMP TRIGGER IF NOT EXISTS hit_status AFTER UPDATE OF status ON main.matches BEGIN INSERT INTO hits VALUES ('status'); END;
    CREATE TEMP TRIGGER IF NOT EXISTS hit_created AFTER UPDATE OF created_at, game_id ON main.matches BEGIN INSERT INTO hits VALUES ('created'); END;
    CREATE TEMP TRIGGER IF NOT EXISTS hit_head AFTER UPDATE OF head_hlc ON main.matches BEGIN INSERT INTO hits VALUES ('head'); END;
    CREATE TEMP TRIGGER IF NOT EXISTS hit_seat_in AFTER INSERT ON main.match_seats BEGIN INSERT INTO hits VALUES ('seat'); END;
    CREATE TEMP TRIGGER IF NOT EXISTS hit_seat_out AFTER DELETE ON main.match_seats BEGIN INSERT INTO hits VALUES ('seat'); END;
    CREATE TEMP TRIGGER IF NOT EXISTS hit_round AFTER INSERT ON main.round_results BEGIN INSERT INTO hits VALUES ('round'); END;
  `)
  db.exec('DELETE FROM hits')
  return () => {
    const out: Record<string, number> = { status: 0, created: 0, head: 0, seat: 0, round: 0 }
    for (const r of db.prepare('SELECT what, count(*) AS n FROM hits GROUP BY what').all() as {
      what: string
      n: number
    }[])
      out[r.what] = r.n
    db.exec('DELETE FROM hits')
    return out
  }
}

describe('a round at the end of a match', () => {
  it('writes only the head of the match row and the new round’s rows; the results come with the end and go with its undo', async () => {
    const ids = await players(['Ann', 'Bo', 'Cy'])
    const m = await start(ids)
    const writes = countWrites(core.db)
    await call('matches:apply', { id: m.id, action: round })
    // The first round: the head moves, the status stays, the seats and the creation columns are left alone.
    expect(writes()).toEqual({ status: 0, created: 0, head: 1, seat: 0, round: 3 })
    expect(resultsOf(m.id)).toEqual([])

    await call('matches:apply', { id: m.id, action: round })
    // The round that ends it: the status changes too, and the results are written.
    expect(writes()).toEqual({ status: 1, created: 0, head: 1, seat: 0, round: 3 })
    expect(rowOf(m.id)).toMatchObject({ status: 'finished', winners_json: '[0]', rounds_played: 2 })
    expect(resultsOf(m.id)).toEqual([
      { player_id: ids[0], seat: 0, placement: 1, won: 1 },
      { player_id: ids[1], seat: 1, placement: 2, won: 0 },
      { player_id: ids[2], seat: 2, placement: 3, won: 0 },
    ])

    // Undone: in progress again, without results; the match is written whole, its seats are unchanged.
    await call('matches:undo', { id: m.id })
    expect(writes()).toMatchObject({ status: 1, seat: 0 })
    expect(rowOf(m.id)).toMatchObject({
      status: 'in-progress',
      winners_json: '[]',
      rounds_played: 1,
      finished_at: null,
    })
    expect(resultsOf(m.id)).toEqual([])
    expect(roundsOf(m.id)).toHaveLength(3)
  })
})

describe('seats', () => {
  it('follow merges: into someone not at the table, into a later seat; a seat row edited by hand is put back', async () => {
    const [ann, bo, cy, dee] = (await players(['Ann', 'Bo', 'Cy', 'Dee'])) as [string, string, string, string]
    const m = await start([ann, bo, cy])
    await call('matches:apply', { id: m.id, action: round })
    const before = seatsOf(m.id) as { color: string | null }[]

    // Bo merged into Dee, who never sat here: Bo's seat and round rows are Dee's now.
    await call('players:merge', { from: bo, into: dee })
    expect(seatsOf(m.id)).toEqual([
      { seat: 0, player_id: ann, original_player_id: ann, color: before[0]?.color },
      { seat: 1, player_id: dee, original_player_id: bo, color: before[1]?.color },
      { seat: 2, player_id: cy, original_player_id: cy, color: before[2]?.color },
    ])
    expect(roundsOf(m.id).map((r) => (r as { player_id: string }).player_id)).toEqual([ann, dee, cy])

    // Ann (seat 0) merged into Cy (seat 2): Cy keeps her own seat, Ann's seat keeps Ann's id, so no
    // result is counted twice for Cy, whichever seat comes first.
    await call('players:merge', { from: ann, into: cy })
    expect((seatsOf(m.id) as { player_id: string }[]).map((s) => s.player_id)).toEqual([ann, dee, cy])

    // A seat row changed by hand (or left by an older version) is put back by the next write of the
    // match, whichever column differs.
    const right = seatsOf(m.id)
    core.db.prepare("UPDATE match_seats SET color = 'chartreuse' WHERE match_id = ? AND seat = 2").run(m.id)
    await call('matches:apply', { id: m.id, action: round })
    await call('matches:undo', { id: m.id })
    expect(seatsOf(m.id)).toEqual(right)
    core.db.prepare('UPDATE match_seats SET original_player_id = ? WHERE match_id = ? AND seat = 0').run(dee, m.id)
    await call('matches:close', { id: m.id, status: 'abandoned' })
    expect(seatsOf(m.id)).toEqual(right)
    expect(right).toEqual([
      { seat: 0, player_id: ann, original_player_id: ann, color: before[0]?.color },
      { seat: 1, player_id: dee, original_player_id: bo, color: before[1]?.color },
      { seat: 2, player_id: cy, original_player_id: cy, color: before[2]?.color },
    ])
    // Rebuilt from the events alone, on a second connection: the same rows as kept write by write.
    expect(rebuiltDigests(core.dir)).toEqual(projectionDigests(core.db))
  })
})

/** Exports everything `from` holds and imports it into `to` on this thread. */
async function send(from: Lap, to: Lap): Promise<ImportReport> {
  const { content } = await call<{ content: string }>('transfer:export-json', {}, from)
  return projectorOn(to.db).importText(content)
}
const deviceOf = (l: Lap): string =>
  (l.db.prepare("SELECT value FROM meta WHERE key = 'device_id'").get() as { value: string }).value

describe('a match from another laptop, and that laptop taken out', () => {
  it('an imported match has the rows it has where it was played; the removal takes its player and match out', async () => {
    const bo = lap()
    const [pia, quin, rex] = (await players(['Pia', 'Quin', 'Rex'], bo)) as [string, string, string]
    const played = await start([pia, quin, rex], bo, { utcOffset: -300 })
    await call('matches:apply', { id: played.id, action: round }, bo)
    expect(await send(bo, core)).toMatchObject({ playersAdded: 3, matchesAdded: 1 })
    const strip = (r: Record<string, unknown> | undefined) => r && { ...r, head_hlc: undefined }
    expect(strip(rowOf(played.id))).toEqual(strip(rowOf(played.id, bo)))
    expect(seatsOf(played.id)).toEqual(seatsOf(played.id, bo))
    expect(roundsOf(played.id)).toEqual(roundsOf(played.id, bo))
    expect(roundsOf(played.id)).toHaveLength(3)

    // This laptop seats Pia at a match of its own.
    const [sam] = (await players(['Sam'])) as [string]
    const own = await start([sam, pia])

    // A third laptop took Bo's out before it held any of its events: nothing Bo made counts any more.
    const cy = lap()
    cy.db
      .transaction(() => projectorOn(cy.db).events.append('device.removed', deviceOf(bo), { through: 0, label: 'bo' }))
      .immediate()
    await send(cy, core)
    for (const id of [pia, quin, rex])
      expect(core.db.prepare('SELECT count(*) FROM players WHERE id = ?').pluck().get(id)).toBe(0)
    expect(rowOf(played.id)).toBeUndefined()
    expect(seatsOf(played.id)).toEqual([])
    expect(roundsOf(played.id)).toEqual([])
    expect(core.db.prepare('SELECT count(*) FROM events WHERE subject = ?').pluck().get(played.id)).toBe(2)
    // The match of this laptop keeps Pia's seat, though Pia is no player here now.
    expect((seatsOf(own.id) as { player_id: string }[]).map((s) => s.player_id)).toEqual([sam, pia])
    // Rebuilt from the events alone, on a second connection: the same rows as kept write by write.
    expect(rebuiltDigests(core.dir)).toEqual(projectionDigests(core.db))
  })
})

describe('the match row in the cases the engine does not play', () => {
  it('a game this version does not know, a start the engine refuses, a finished game closed later, a UTC offset', async () => {
    const ids = await players(['Ann', 'Bo', 'Cy'])
    const m = await start(ids, core, { utcOffset: 720 })
    await call('matches:apply', { id: m.id, action: round })
    await call('matches:apply', { id: m.id, action: round })
    const times = roundsOf(m.id).map((r) => (r as { played_at: string }).played_at)
    // 12:00 UTC and later is the next day at UTC+12.
    expect(rowOf(m.id)).toMatchObject({ utc_offset: 720, finished_at: times[times.length - 1] })
    expect(roundsOf(m.id).map((r) => (r as { day: string }).day)).toEqual(Array(6).fill('2026-12-01'))

    const { projector, events } = projectorOn(core.db)
    const startEvent = events.forSubject(m.id)[0]!
    const write = (fn: () => void) => core.db.transaction(fn).immediate()

    // The finished game closed as abandoned later (two laptops that did not see each other): still
    // finished, at its last round, not at the close.
    write(() => {
      events.append('match.closed', m.id, { status: 'abandoned' })
      projector.projectMatch(m.id)
    })
    expect(rowOf(m.id)).toMatchObject({ status: 'finished', winners_json: '[0]', finished_at: times[times.length - 1] })
    expect(rowOf(m.id)?.updated_at).not.toBe(times[times.length - 1])

    // A game this version does not know: a row with the problem, no rounds, no winners.
    const payload = startEvent.payload as Record<string, unknown>
    let unknown = ''
    let refused = ''
    write(() => {
      unknown = events.appendNew('match.started', { ...payload, gameId: 'ten-thousand' } as never).subject
      projector.projectMatch(unknown)
      events.append('match.closed', unknown, { status: 'abandoned' })
      projector.projectMatch(unknown)
      refused = events.appendNew('match.started', { ...payload, config: { players: [] } } as never).subject
      projector.projectMatch(refused)
    })
    expect(rowOf(unknown)).toMatchObject({
      game_id: 'ten-thousand',
      status: 'abandoned',
      rounds_played: 0,
      winners_json: '[]',
      first_round_at: null,
    })
    expect(rowOf(unknown)?.summary).toMatch(/does not know \(ten-thousand\)/)
    expect(rowOf(refused)).toMatchObject({
      status: 'in-progress',
      rounds_played: 0,
      first_round_at: null,
      finished_at: null,
    })
    expect(rowOf(refused)?.summary).toMatch(/no longer starts under this version/)
    expect(roundsOf(unknown)).toEqual([])
    expect(roundsOf(refused)).toEqual([])

    // A result imported without rounds: finished when it was played, no round rows, no first round.
    let recorded = ''
    write(() => {
      recorded = events.appendNew('match.recorded', {
        gameId: 'nine',
        playedAt: '2026-11-28T20:15:00',
        utcOffset: 60,
        seats: [
          { playerId: ids[0]!, name: 'Ann', score: 12, rank: 1, winner: true },
          { playerId: ids[1]!, name: 'Bo', score: 30, rank: 2, winner: false },
        ],
        source: { kind: 'csv', id: 'row-1' },
      }).subject
      projector.projectMatch(recorded)
    })
    expect(rowOf(recorded)).toMatchObject({
      status: 'finished',
      finished_at: '2026-11-28T19:15:00.000Z',
      winners_json: '[0]',
      rounds_played: 0,
      first_round_at: null,
      utc_offset: 60,
    })
    expect(resultsOf(recorded)).toHaveLength(2)
  })
})

describe('the projector’s own calls', () => {
  it('a key only for a match it has; nothing moved, nothing changed; no players, no matches', async () => {
    const ids = await players(['Ann', 'Bo', 'Cy'])
    const m = await start(ids)
    const { projector } = projectorOn(core.db)
    expect(projector.matchKey('0190a000-0000-7000-8000-000000000000')).toBeUndefined()
    const key = projector.matchKey(m.id)
    expect(key).toBeDefined()
    // A refresh that moves no history keeps every key, so no cached match is thrown away for nothing.
    expect(projector.refreshCanonical()).toEqual([])
    expect(projector.matchKey(m.id)).toBe(key)
    expect(projector.matchesOf([])).toEqual([])
    expect(projector.matchesOf([ids[1]!])).toEqual([m.id])
    // A rename moves no history: no match needs projecting again.
    await call('players:rename', { id: ids[1], name: 'Bob' })
    expect(core.db.transaction(() => projector.projectPlayer(ids[1]!)).immediate()).toEqual([])
    // A merge moves one.
    await call('players:merge', { from: ids[1], into: ids[0] })
    const moved = projectorOn(core.db).projector
    core.db.prepare('UPDATE players SET canonical_id = id').run()
    const stale = moved.matchKey(m.id)
    expect(core.db.transaction(() => moved.refreshCanonical()).immediate()).toEqual([ids[1]])
    // Histories moved: every key changes, the names and colours at the table may have.
    expect(moved.matchKey(m.id)).not.toBe(stale)
  })

  it('rebuilds every table when a migration marked them, and only then', async () => {
    const ids = await players(['Ann', 'Bo', 'Cy'])
    const m = await start(ids)
    await call('matches:apply', { id: m.id, action: round })
    const { projector } = projectorOn(core.db)
    const right = projectionDigests(core.db)
    core.db.prepare("UPDATE matches SET summary = 'edited by hand' WHERE id = ?").run(m.id)
    core.db.prepare("DELETE FROM meta WHERE key = 'projections_rebuild_needed'").run()
    projector.rebuildIfMarked()
    expect(rowOf(m.id)?.summary).toBe('edited by hand')
    core.db.prepare("INSERT INTO meta (key, value) VALUES ('projections_rebuild_needed', '0')").run()
    projector.rebuildIfMarked()
    expect(rowOf(m.id)?.summary).toBe('edited by hand')
    core.db.prepare("UPDATE meta SET value = '1' WHERE key = 'projections_rebuild_needed'").run()
    projector.rebuildIfMarked()
    expect(projectionDigests(core.db)).toEqual(right)
    expect(core.db.prepare("SELECT count(*) FROM meta WHERE key = 'projections_rebuild_needed'").pluck().get()).toBe(0)
  })
})
