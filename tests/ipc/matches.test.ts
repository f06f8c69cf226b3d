import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchHistoryEntry, MatchSummary, MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import type { NineState } from '../../src/shared/games/nine/index'
import { createCore } from '../../src/core/core'
import { snapshot, tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let ana: Player, bo: Player, cy: Player

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const r = await core.dispatch(channel, payload)
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
  return r.value as T
}
async function refused(channel: string, payload: unknown, code: string): Promise<string> {
  const before = snapshot(core.db)
  const r = await core.dispatch(channel, payload)
  expect(r.ok, JSON.stringify(r)).toBe(false)
  expect(snapshot(core.db)).toEqual(before)
  if (r.ok) return ''
  expect(r.error.code).toBe(code)
  return r.error.message
}
const round = (declarer: number, totals: number[]) => ({ type: 'round', declarer, totals })
const rows = (matchId: string) =>
  core.db
    .prepare(
      'SELECT round, seat, player_id, score, total, won_round, details_json FROM round_results WHERE match_id = ? ORDER BY round, seat',
    )
    .all(matchId) as {
    round: number
    seat: number
    player_id: string
    score: number
    total: number
    won_round: number
    details_json: string
  }[]

beforeEach(async () => {
  core = tempCore()
  ana = await call<Player>('players:create', { name: 'Ana' })
  bo = await call<Player>('players:create', { name: 'Bo' })
  cy = await call<Player>('players:create', { name: 'Cy' })
})
afterEach(() => core.cleanup())

describe('matches', () => {
  it('creates a match with its config and seats, and replays rounds into totals and round rows', async () => {
    const m = await call<MatchView>('matches:create', {
      gameId: 'nine',
      playerIds: [ana.id, bo.id, cy.id],
      options: { firstDealer: 1 },
    })
    expect(m).toMatchObject({ gameId: 'nine', status: 'in-progress', undo: null, actions: [] })
    expect(m.seats.map((s) => s.name)).toEqual(['Ana', 'Bo', 'Cy'])
    expect(m.config).toEqual({ firstDealer: 1, names: ['Ana', 'Bo', 'Cy'] })

    // Bo declares NINE with 4; Ana 12 and Cy 9 are higher: Bo wins, the others score their hands.
    const after = await call<MatchView>('matches:apply', { id: m.id, action: round(1, [12, 4, 9]) })
    expect((after.state as NineState).totals).toEqual([12, 0, 9])
    expect(after.actions).toHaveLength(1)
    expect(after.undo).toBe('Undo Deal 1')
    expect(rows(m.id)).toEqual([
      expect.objectContaining({ round: 1, seat: 0, player_id: ana.id, score: 12, total: 12, won_round: 0 }),
      expect.objectContaining({ round: 1, seat: 1, player_id: bo.id, score: 0, total: 0, won_round: 1 }),
      expect.objectContaining({ round: 1, seat: 2, player_id: cy.id, score: 9, total: 9, won_round: 0 }),
    ])
    expect(JSON.parse(rows(m.id)[1]!.details_json)).toMatchObject({ declared: true, declaredWon: true })

    // Seated players can be archived but never deleted.
    expect(await refused('players:delete', { id: ana.id }, 'player-has-matches')).toMatch(/Ana has played 1 match/)
  })

  it('refuses an illegal action with the engine message and changes nothing', async () => {
    const m = await call<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    await call('matches:apply', { id: m.id, action: round(0, [3, 10]) })
    const noSeat = await refused('matches:apply', { id: m.id, action: round(5, [3, 4]) }, 'no-declarer')
    expect(noSeat).toMatch(/declare/i)
    const unknown = await core.dispatch('matches:apply', { id: m.id, action: { type: 'teleport' } })
    expect(unknown.ok).toBe(false)
    if (!unknown.ok) expect(unknown.error.message).toMatch(/teleport|action/i)
    expect(rows(m.id)).toHaveLength(2)
  })

  it('refuses wrong seat counts, duplicate seats, unknown and archived players', async () => {
    expect(
      await refused(
        'matches:create',
        { gameId: 'seven-eight-nine', playerIds: [ana.id, bo.id, cy.id] },
        'invalid-seats',
      ),
    ).toBe('Seven Eight Nine is played by exactly 2 players; 3 were chosen.')
    expect(await refused('matches:create', { gameId: 'nine', playerIds: [ana.id] }, 'invalid-seats')).toBe(
      'Nine is played by 2 to 8 players; 1 was chosen.',
    )
    expect(await refused('matches:create', { gameId: 'nine', playerIds: [ana.id, ana.id] }, 'invalid-seats')).toMatch(
      /only one seat/,
    )
    await call('players:set-archived', { id: cy.id, archived: true })
    expect(await refused('matches:create', { gameId: 'nine', playerIds: [ana.id, cy.id] }, 'archived-player')).toMatch(
      /Cy is archived/,
    )
    await refused(
      'matches:create',
      { gameId: 'nine', playerIds: [ana.id, '01a22ac0-b7cc-7707-8c21-a7278f6924c8'] },
      'not-found',
    )
    const bad = await core.dispatch('matches:create', {
      gameId: 'wild-nine',
      playerIds: [ana.id, bo.id],
      options: { houseRules: { cutoff: -5 } },
    })
    expect(bad.ok).toBe(false)
    expect(core.db.prepare('SELECT count(*) FROM matches').pluck().get()).toBe(0)
  })

  it('undoes the last entry as a new event, leaving the log append-only', async () => {
    const m = await call<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    await call('matches:apply', { id: m.id, action: round(0, [3, 10]) })
    await call('matches:apply', { id: m.id, action: round(1, [20, 2]) })
    const undone = await call<MatchView>('matches:undo', { id: m.id })
    expect(undone.actions).toHaveLength(1)
    expect((undone.state as NineState).totals).toEqual([0, 10])
    expect(rows(m.id).map((r) => r.round)).toEqual([1, 1])
    expect(core.db.prepare('SELECT kind FROM events WHERE subject = ? ORDER BY hlc').pluck().all(m.id)).toEqual([
      'match.started',
      'match.action',
      'match.action',
      'match.undone',
    ])
    await call('matches:undo', { id: m.id })
    expect(await refused('matches:undo', { id: m.id }, 'nothing-to-undo')).toBe(
      'There is nothing to undo in this match yet.',
    )
  })

  it('corrects a past round, recomputes totals and the end, and refuses a correction that breaks a later entry', async () => {
    const m = await call<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    await call<MatchView>('matches:apply', { id: m.id, action: round(0, [3, 50]) })
    let v = await call<MatchView>('matches:apply', { id: m.id, action: round(0, [2, 45]) })
    expect((v.state as NineState).totals).toEqual([0, 95])
    v = await call<MatchView>('matches:apply', { id: m.id, action: round(0, [1, 13]) })
    expect(v.status).toBe('finished')
    expect(v.game.over).toBe(true)
    const listed = await call<MatchSummary[]>('matches:list', { status: 'finished' })
    expect(listed.map((s) => s.winners)).toEqual([['Ana']])

    // No new rounds after the end: the engine refuses, naming who went past the 99 limit (95 + 13).
    expect(await refused('matches:apply', { id: m.id, action: round(0, [1, 13]) }, 'game-over')).toBe(
      'The game is over: Bo reached 108.',
    )

    // Edit round 2: Bo had 5, not 45. The match is no longer over.
    const second = v.actions[1]!
    v = await call<MatchView>('matches:correct', { id: m.id, eventId: second.eventId, action: round(0, [2, 5]) })
    expect((v.state as NineState).totals).toEqual([0, 68])
    expect(v.status).toBe('in-progress')
    expect(v.actions[1]!.correctedAt).not.toBeNull()
    expect(
      rows(m.id)
        .filter((r) => r.seat === 1)
        .map((r) => r.total),
    ).toEqual([50, 55, 68])

    // Undo the correction: back to the finished match.
    v = await call<MatchView>('matches:undo', { id: m.id })
    expect(v.status).toBe('finished')
    expect((v.state as NineState).totals).toEqual([0, 108])

    const history = await call<MatchHistoryEntry[]>('matches:history', { id: m.id })
    expect(history.map((h) => h.description)).toEqual([
      'Deal 1',
      'Deal 2',
      'Deal 3',
      'Deal 2 corrected',
      'Undid a correction',
    ])

    // A correction that would end the match at round 2 leaves round 3 invalid, so it is refused.
    const msg = await refused(
      'matches:correct',
      { id: m.id, eventId: second.eventId, action: round(0, [2, 55]) },
      'correction-breaks-later-entry',
    )
    expect(msg).toMatch(/^That change makes entry 3 invalid: /)
    // A correction that is itself invalid gets the engine's own message.
    await refused('matches:correct', { id: m.id, eventId: second.eventId, action: round(7, [2, 5]) }, 'no-declarer')
  })

  it('closes a match by hand, refuses entries while closed, and reopens on undo', async () => {
    const m = await call<MatchView>('matches:create', { gameId: 'seven-eight-nine', playerIds: [ana.id, bo.id] })
    expect(await refused('matches:close', { id: m.id, status: 'finished' }, 'nothing-played')).toMatch(
      /abandon it instead/,
    )
    const abandoned = await call<MatchView>('matches:close', { id: m.id, status: 'abandoned' })
    expect(abandoned.status).toBe('abandoned')
    expect(abandoned.undo).toBe('Reopen the match')
    expect(await refused('matches:apply', { id: m.id, action: { type: 'flip', card: 5 } }, 'match-closed')).toMatch(
      /abandoned/,
    )
    const reopened = await call<MatchView>('matches:undo', { id: m.id })
    expect(reopened.status).toBe('in-progress')
  })

  it('lists matches with filters by game, player and status', async () => {
    const n = await call<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    const w = await call<MatchView>('matches:create', { gameId: 'wild-nine', playerIds: [bo.id, cy.id] })
    const all = await call<MatchSummary[]>('matches:list', {})
    expect(all.map((s) => s.id).sort()).toEqual([n.id, w.id].sort())
    expect((await call<MatchSummary[]>('matches:list', { gameId: 'wild-nine' })).map((s) => s.id)).toEqual([w.id])
    expect((await call<MatchSummary[]>('matches:list', { playerId: ana.id })).map((s) => s.id)).toEqual([n.id])
    expect((await call<MatchSummary[]>('matches:list', { playerId: bo.id })).length).toBe(2)
    expect(await call<MatchSummary[]>('matches:list', { status: 'finished' })).toEqual([])
    const one = (await call<MatchSummary[]>('matches:list', { gameId: 'nine' }))[0]!
    expect(one.players).toEqual([
      { id: ana.id, name: 'Ana' },
      { id: bo.id, name: 'Bo' },
    ])
  })

  it('resumes exactly where it was after the data file is reopened', async () => {
    const m = await call<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    await call('matches:apply', { id: m.id, action: round(0, [3, 10]) })
    const before = await call<MatchView>('matches:get', { id: m.id })
    core.close()
    const again = createCore({ dataDir: core.dir, mode: 'web', version: 'test', log: () => {} })
    const r = await again.dispatch('matches:get', { id: m.id })
    expect(r.ok && r.value).toEqual(before)
    again.close()
    core = { ...core, ...again, cleanup: core.cleanup }
  })

  it('stamps every event with this device, a per-device sequence and an increasing HLC', async () => {
    const m = await call<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    await call('matches:apply', { id: m.id, action: round(0, [3, 10]) })
    await call('matches:apply', { id: m.id, action: round(1, [13, 0]) })
    const events = core.db.prepare('SELECT device_id, device_seq, hlc FROM events ORDER BY hlc').all() as {
      device_id: string
      device_seq: number
      hlc: string
    }[]
    expect(new Set(events.map((e) => e.device_id)).size).toBe(1)
    // The three players, the start and two rounds: numbered 1 to 6 with no gap.
    expect(events.map((e) => e.device_seq)).toEqual([1, 2, 3, 4, 5, 6])
    const hlcs = events.map((e) => e.hlc)
    expect(hlcs).toEqual([...hlcs].sort())
    expect(new Set(hlcs).size).toBe(hlcs.length)
  })
})

describe('undo, redo and history say who did what', () => {
  it('names the seat and the card in Ennea, the round elsewhere, and redoes what was undone', async () => {
    const m = await call<MatchView>('matches:create', { gameId: 'ennea', playerIds: [ana.id, bo.id, cy.id] })
    const toAct = (m.game.toAct ?? 0) as number
    const stake = await call<MatchView>('matches:apply', { id: m.id, action: { type: 'stake', cell: 0 } })
    const who = m.seats[toAct]!.name
    expect(stake.undo).toBe(`Undo ${who}'s stake on R1C1`)
    const undone = await call<MatchView>('matches:undo', { id: m.id })
    expect(undone.redo).toBe(`Redo ${who}'s stake on R1C1`)
    expect(undone.undo).toBeNull()
    const redone = await call<MatchView>('matches:redo', { id: m.id })
    expect(redone.actions).toHaveLength(1)
    expect(redone.redo).toBeNull()
    expect(redone.undo).toBe(`Undo ${who}'s stake on R1C1`)
    const history = await call<MatchHistoryEntry[]>('matches:history', { id: m.id })
    expect(history.map((h) => h.description)).toEqual([
      `${who}'s stake on R1C1`,
      `Undid ${who}'s stake on R1C1`,
      'Redo',
    ])
    // A rename shows at once: names are the players' names now.
    await call('players:rename', { id: m.seats[toAct]!.playerId, name: 'Renamed' })
    expect((await call<MatchView>('matches:get', { id: m.id })).undo).toBe("Undo Renamed's stake on R1C1")
    expect(await refused('matches:redo', { id: m.id }, 'nothing-to-redo')).toMatch(/nothing to redo/)
  })

  it('refuses a write made against an older view of the match (another window)', async () => {
    const m = await call<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    const first = await call<MatchView>('matches:apply', { id: m.id, action: round(0, [3, 10]), expected: m.head })
    expect(await refused('matches:apply', { id: m.id, action: round(1, [12, 4]), expected: m.head }, 'stale')).toMatch(
      /changed in another window/,
    )
    expect(
      (await call<MatchView>('matches:apply', { id: m.id, action: round(1, [12, 4]), expected: first.head })).actions,
    ).toHaveLength(2)
    // Scripts that send no position keep working.
    expect((await call<MatchView>('matches:undo', { id: m.id })).actions).toHaveLength(1)
  })
})
