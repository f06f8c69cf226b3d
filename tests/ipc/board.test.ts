/**
 * The night board (board:night) and the change feed through the dispatcher, on real data files: one
 * game night's matches in progress as cards (standings in the game's own order, round, dealer, last
 * entry), the rest as results; a match after midnight still tonight's, yesterday's not; and a note on
 * the change feed exactly when the log grew (a write, not a read or a refused write).
 */
import { describe, expect, it } from 'vitest'
import { tonight } from '../../src/core/services/board'
import type { BoardNight } from '../../src/shared/model/board'
import type { ChangeNote } from '../../src/shared/model/changes'
import type { MatchView } from '../../src/shared/model/match'
import { eventIds, projectionRows } from '../../src/core/services/digest'
import { call, clockedLaptops, type Laptop } from '../helpers/laptops'

const laptop = clockedLaptops('2026-03-04T12:00:00.000Z')

async function roster(l: Laptop, names: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const name of names) ids.push((await call<{ id: string }>(l, 'players:create', { name })).id)
  return ids
}

/** A Wild Nine match (penalty points: the lowest total ranks first) started at `utc`, with these rounds. */
async function wildNine(l: Laptop, utc: string, players: string[], rounds: number[][]): Promise<MatchView> {
  l.now = Date.parse(utc) - 1000
  let m = await call<MatchView>(l, 'matches:create', {
    gameId: 'wild-nine',
    playerIds: players,
    utcOffset: 0,
    options: { houseRules: { cutoff: 10000 } },
  })
  for (const points of rounds)
    m = await call<MatchView>(l, 'matches:apply', {
      id: m.id,
      action: { type: 'round', wentOut: points.indexOf(0), points },
    })
  return m
}

describe('board:night', () => {
  it('tonight’s matches in progress as cards ranked by their game, the rest as results; other nights left out', async () => {
    const a = laptop()
    const [ana, bo, cy, di] = (await roster(a, ['Ana', 'Bo', 'Cy', 'Di'])) as [string, string, string, string]
    // Yesterday's night: not on tonight's board.
    const old = await wildNine(a, '2026-03-04T20:00:00.000Z', [ana, bo], [[0, 5]])
    // Tonight: a Wild Nine match two rounds in (Bo lowest), a Nine match finished, one started at 01:30.
    const wn = await wildNine(
      a,
      '2026-03-05T19:00:00.000Z',
      [ana, bo, cy],
      [
        [0, 4, 9],
        [7, 0, 2],
      ],
    )
    a.now = Date.parse('2026-03-05T20:00:00.000Z')
    const nine = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [cy, di], utcOffset: 0 })
    await call(a, 'matches:apply', { id: nine.id, action: { type: 'round', declarer: 1, totals: [9, 2] } })
    await call(a, 'matches:close', { id: nine.id, status: 'finished' })
    const late = await wildNine(a, '2026-03-06T01:30:00.000Z', [di, ana], [])
    await call(a, 'nights:set-venue', { date: '2026-03-05', venue: 'The Anchor' })

    const board = await call<BoardNight>(a, 'board:night', { date: '2026-03-05' })
    expect(board.date).toBe('2026-03-05')
    expect(board.venue).toBe('The Anchor')
    expect(board.tables.map((t) => t.matchId)).toEqual([wn.id, late.id])
    const card = board.tables[0]!
    // Totals Ana 7, Bo 4, Cy 11: lower wins in Wild Nine, so Bo, Ana, Cy.
    expect(card.standings.map((s) => [s.name, s.score, s.rank])).toEqual([
      ['Bo', 4, 1],
      ['Ana', 7, 2],
      ['Cy', 11, 3],
    ])
    expect(card).toMatchObject({
      gameId: 'wild-nine',
      gameName: 'Wild Nine',
      roundWord: 'Round',
      round: 3,
      // The deal moves one seat each round (WN-R19): P1, then P2, now P3.
      dealer: 2,
      laptop: 'this laptop',
      table: null,
      startedAt: wn.createdAt,
    })
    // The last entry is the second round's, not the start.
    expect(card.lastEntryAt).toBe(wn.updatedAt)
    expect(Date.parse(card.lastEntryAt)).toBeGreaterThan(Date.parse(card.startedAt))
    expect(board.results).toEqual([
      {
        matchId: nine.id,
        gameId: 'nine',
        gameName: 'Nine',
        status: 'finished',
        players: ['Cy', 'Di'],
        winners: ['Di'],
        localTime: '20:00',
      },
    ])
    expect(board.tables.some((t) => t.matchId === old.id)).toBe(false)
    // The evening before shows its own match, and a night with nothing is an empty board.
    expect((await call<BoardNight>(a, 'board:night', { date: '2026-03-04' })).tables.map((t) => t.matchId)).toEqual([
      old.id,
    ])
    expect(await call<BoardNight>(a, 'board:night', { date: '2026-03-07' })).toMatchObject({ tables: [], results: [] })
  })

  it('without a date answers tonight on this laptop’s clock; a bad date is refused by name and changes nothing', async () => {
    const a = laptop()
    const board = await call<BoardNight>(a, 'board:night', {})
    expect(board.date).toBe(tonight(new Date(board.at)))
    const before = { events: eventIds(a.db), rows: projectionRows(a.db) }
    const r = await a.dispatch('board:night', { date: '2026-02-30' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/date/)
    expect({ events: eventIds(a.db), rows: projectionRows(a.db) }).toEqual(before)
  })
})

describe('the change feed', () => {
  it('notes a write once, and neither a read nor a refused write', async () => {
    const a = laptop()
    const notes: ChangeNote[] = []
    const stop = a.changes.subscribe((n) => notes.push(n))
    const [ana, bo] = (await roster(a, ['Ana', 'Bo'])) as [string, string]
    expect(notes.map((n) => [n.seq, n.cause])).toEqual([
      [1, 'call'],
      [2, 'call'],
    ])
    await call(a, 'players:list', {})
    await call(a, 'board:night', {})
    expect((await a.dispatch('players:create', { name: 'Ana' })).ok).toBe(false)
    expect(notes).toHaveLength(2)
    const m = await wildNine(a, '2026-03-05T19:00:00.000Z', [ana, bo], [[0, 3]])
    expect(notes).toHaveLength(4)
    stop()
    await call(a, 'matches:undo', { id: m.id })
    expect(notes).toHaveLength(4)
  })
})
