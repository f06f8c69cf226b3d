/**
 * The match rows the projector writes (src/core/services/projector.ts, docs/ARCHITECTURE.md § The commit
 * path), read back field by field: a match played to its end, one closed as finished before its end (the
 * winners are the seats ranked first), one abandoned, one still in progress, and the seats of two players
 * merged after sitting at one table; then the same rows rebuilt from the events alone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { projectionDigests } from '../../src/core/services/digest'
import { accepted, tempCore } from '../helpers/tmp'
import { rebuiltDigests } from '../helpers/projections'

let core: ReturnType<typeof tempCore>
beforeEach(() => {
  core = tempCore()
})
afterEach(() => core.cleanup())

const call = <T>(channel: string, input: unknown): Promise<T> => accepted<T>(core, channel, input)
// Ann goes out every round: she scores 0, Bo 20, Cy 30
const round = { type: 'round', wentOut: 0, points: [0, 20, 30] }
interface MatchRow {
  status: string
  finished_at: string | null
  winners_json: string
  rounds_played: number
  summary: string
  head_hlc: string
  problem: string | null
  first_round_at: string | null
  updated_at: string
  utc_offset: number
  house_rules_json: string
}
const row = (id: string): MatchRow => core.db.prepare('SELECT * FROM matches WHERE id = ?').get(id) as MatchRow
const seats = (id: string) =>
  core.db
    .prepare('SELECT seat, player_id, original_player_id FROM match_seats WHERE match_id = ? ORDER BY seat')
    .all(id)

describe('the match rows the projector writes', () => {
  it('played to its end, closed as finished or abandoned, in progress; merged players’ seats; as rebuilt', async () => {
    const ids: string[] = []
    for (const name of ['Ann', 'Bo', 'Cy']) ids.push((await call<{ id: string }>('players:create', { name })).id)
    const start = () =>
      call<{ id: string }>('matches:create', {
        gameId: 'wild-nine',
        playerIds: ids,
        options: { houseRules: { cutoff: 50 } },
      })
    const roundTimes = (id: string) =>
      core.db.prepare('SELECT played_at FROM round_results WHERE match_id = ? ORDER BY played_at').pluck().all(id)

    // played to its end: Cy passes the cutoff in the second round
    const ended = await start()
    await call('matches:apply', { id: ended.id, action: round })
    expect(row(ended.id)).toMatchObject({
      status: 'in-progress',
      finished_at: null,
      winners_json: '[]',
      rounds_played: 1,
    })
    await call('matches:apply', { id: ended.id, action: round })
    const e = row(ended.id)
    const times = roundTimes(ended.id) as string[]
    expect(e).toMatchObject({ status: 'finished', winners_json: '[0]', rounds_played: 2, problem: null })
    expect(e.finished_at).toBe(times[times.length - 1])
    expect(e.first_round_at).toBe(times[0])
    expect(e.summary).not.toBe('')
    expect(e.head_hlc).not.toBe('')
    expect(JSON.parse(e.house_rules_json)).toMatchObject({ cutoff: 50 })

    // closed as finished after one round: the seats ranked first win, at the close's time
    const closed = await start()
    await call('matches:apply', { id: closed.id, action: round })
    await call('matches:close', { id: closed.id, status: 'finished' })
    const c = row(closed.id)
    expect(c).toMatchObject({ status: 'finished', winners_json: '[0]', rounds_played: 1 })
    expect(c.finished_at).not.toBeNull()
    expect(c.finished_at! > (roundTimes(closed.id)[0] as string)).toBe(true)

    // abandoned: no winners, finished at the close
    const dropped = await start()
    await call('matches:apply', { id: dropped.id, action: round })
    await call('matches:close', { id: dropped.id, status: 'abandoned' })
    expect(row(dropped.id)).toMatchObject({ status: 'abandoned', winners_json: '[]' })
    expect(row(dropped.id).finished_at).not.toBeNull()

    // in progress with no round: nothing finished, no first round
    const open = await start()
    expect(row(open.id)).toMatchObject({
      status: 'in-progress',
      finished_at: null,
      rounds_played: 0,
      first_round_at: null,
    })

    // Bo merged into Ann after both sat at every table: Bo's seat keeps Bo's id, so no result counts twice
    await call('players:merge', { from: ids[1], into: ids[0] })
    expect(seats(ended.id)).toEqual([
      { seat: 0, player_id: ids[0], original_player_id: ids[0] },
      { seat: 1, player_id: ids[1], original_player_id: ids[1] },
      { seat: 2, player_id: ids[2], original_player_id: ids[2] },
    ])

    // Rebuilt from the events alone, on a second connection to the same file: the same rows.
    expect(rebuiltDigests(core.dir)).toEqual(projectionDigests(core.db))
  })
})
