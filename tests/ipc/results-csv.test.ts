/**
 * The results CSV (transfer:export-csv and transfer:export-csv-file with table 'results'): one row per
 * seat of each finished match, enough for a spreadsheet to rebuild every standing. Seeded with all
 * four games (shared wins, ties for second, a drawn Seven Eight Nine, an Ennea round everyone ties),
 * matches across local midnight, and names a spreadsheet would misread (a comma,
 * a quote, a line break, a leading = or +). From the CSV rows alone the test rebuilds each match's ranking and
 * winners and compares them with the app's match view, then rebuilds two seasons' league tables
 * and compares them with seasons:standings.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Season, SeasonStandings } from '../../src/shared/model/club'
import type { MatchView } from '../../src/shared/model/match'
import type { PointsScheme } from '../../src/shared/events/club'
import type { GameId } from '../../src/shared/games/ids'
import { splitCsv } from '../../src/shared/import/csv'
import type { Output } from '../../src/shared/ipc/contract'
import { standings, type LeagueMatch } from '../../src/shared/stats/league'
import { call, clockedLaptops, type Laptop } from '../helpers/laptops'

const laptop = clockedLaptops('2026-03-01T12:00:00.000Z')

/** Starts a match at `utc` (the device's offset `utcOffset`), applies the actions and finishes it by hand if the rules did not. */
async function play(
  l: Laptop,
  utc: string,
  utcOffset: number,
  gameId: GameId,
  playerIds: string[],
  actions: unknown[],
): Promise<string> {
  l.now = Date.parse(utc) - 1000
  const m = await call<MatchView>(l, 'matches:create', { gameId, playerIds, utcOffset })
  let v = m
  for (const action of actions) v = await call<MatchView>(l, 'matches:apply', { id: m.id, action })
  if (v.status !== 'finished') await call(l, 'matches:close', { id: m.id, status: 'finished' })
  return m.id
}

interface Row {
  match: string
  date: string
  player: string
  seat: number
  score: number
  rank: number
  winner: boolean
  game: GameId
}

const HEADER = ['match', 'date', 'player', 'seat', 'score', 'rank', 'winner', 'game']

/** The CSV read back as a spreadsheet would: BOM and CRLF, quoted cells, the ' before a formula-like text taken off. */
function readRows(content: string): Row[] {
  expect(content.startsWith('\uFEFF')).toBe(true)
  expect(content.endsWith('\r\n')).toBe(true)
  const { records, unclosedQuoteAt } = splitCsv(content.slice(1).replace(/\r\n/g, '\n'), ',')
  expect(unclosedQuoteAt).toBeNull()
  const [head, ...data] = records.map((r) => r.cells)
  expect(head).toEqual(HEADER)
  return data.map((c) => {
    expect(c).toHaveLength(HEADER.length)
    const text = (i: number): string => c[i] as string
    const num = (i: number): number => {
      expect(text(i)).toMatch(/^-?\d+$/)
      return Number(text(i))
    }
    expect(text(6)).toMatch(/^[01]$/)
    return {
      match: text(0),
      date: text(1),
      player: text(2).replace(/^'(?=[=+\-@])/, ''),
      seat: num(3),
      score: num(4),
      rank: num(5),
      winner: text(6) === '1',
      game: text(7) as GameId,
    }
  })
}

/** Lower scores are better in Nine and Wild Nine (penalty points), higher in Ennea (cubes) and Seven Eight Nine (games won). */
const LOWER_IS_BETTER: Record<GameId, boolean> = {
  nine: true,
  'wild-nine': true,
  ennea: false,
  'seven-eight-nine': false,
}

describe('the results CSV', () => {
  it('rebuilds every match ranking, its winners and the seasons’ league tables', async () => {
    const a = laptop()
    const names = ['Ana, "the quick"', '=Bo+1', 'Cy', '+Di', 'Ed']
    const ids: string[] = []
    for (const name of names) ids.push((await call<{ id: string }>(a, 'players:create', { name })).id)
    const [ana, bo, cy, di, ed] = ids as [string, string, string, string, string]
    const round = (totals: number[]) => ({ type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals })
    const wild = (wentOut: number, points: number[]) => ({ type: 'round', wentOut, points })

    // Nine: Ana declares on a tie and fails (25 points), Bo and Cy share the win; a 4-player table with a tie for second.
    await play(a, '2026-03-05T19:00:00.000Z', 0, 'nine', [ana, bo, cy], [round([5, 5, 12])])
    await play(a, '2026-03-05T21:00:00.000Z', 0, 'nine', [cy, di, ana, ed], [round([1, 7, 7, 20])])
    // 02:00 UTC on 1 April is 21:00 on 31 March five hours west: a March match.
    await play(a, '2026-04-01T02:00:00.000Z', -300, 'nine', [bo, ed], [round([3, 11])])
    // Wild Nine: Bo goes out, Cy and Di tie; then a plain two-player round.
    await play(a, '2026-03-12T20:00:00.000Z', 60, 'wild-nine', [cy, bo, di], [wild(1, [9, 0, 9])])
    await play(a, '2026-03-19T20:00:00.000Z', 60, 'wild-nine', [ed, ana], [wild(1, [14, 0])])
    // Seven Eight Nine: a dealt 7-8-9 wins at once; both dealt one is a draw (both first, a shared win).
    await play(a, '2026-03-20T20:00:00.000Z', 0, 'seven-eight-nine', [di, ana], [{ type: 'dealt-win', seats: [0] }])
    await play(a, '2026-03-21T20:00:00.000Z', 0, 'seven-eight-nine', [cy, ed], [{ type: 'dealt-win', seats: [0, 1] }])
    // Ennea: the first to act calls ENNEA at once, the others pass, the grid is revealed: nobody staked,
    // all three keep 8 cubes and share the win. (An abandoned Ennea match first: not a result.)
    const ennea = await call<MatchView>(a, 'matches:create', { gameId: 'ennea', playerIds: [ana, cy, ed] })
    await call(a, 'matches:close', { id: ennea.id, status: 'abandoned' })
    const enneaId = await (async () => {
      a.now = Date.parse('2026-03-26T19:00:00.000Z')
      const m = await call<MatchView>(a, 'matches:create', { gameId: 'ennea', playerIds: [ana, cy, ed], utcOffset: 0 })
      let v = await call<MatchView>(a, 'matches:apply', { id: m.id, action: { type: 'ennea' } })
      while (v.game.phase === 'final-actions')
        v = await call<MatchView>(a, 'matches:apply', { id: m.id, action: { type: 'pass' } })
      await call(a, 'matches:apply', { id: m.id, action: { type: 'reveal', grid: [1, 2, 3, 4, 5, 6, 7, 8, 9] } })
      await call(a, 'matches:close', { id: m.id, status: 'finished' })
      return m.id
    })()
    // A match still in progress is not a result.
    const open = await call<MatchView>(a, 'matches:create', { gameId: 'nine', playerIds: [ana, bo] })
    await call(a, 'matches:apply', { id: open.id, action: round([2, 9]) })

    // A name with a line break, as data from before names were checked may hold (the contract refuses one now).
    a.db.prepare('UPDATE players SET name = ? WHERE id = ?').run('Ed\nthe second', ed)
    names[4] = 'Ed\nthe second'

    const reply = await call<Output<'transfer:export-csv'>>(a, 'transfer:export-csv', { table: 'results' })
    expect(reply.fileName).toMatch(/^ninekeeper-results-\d{4}-\d{2}-\d{2}\.csv$/)
    // The file the worker streams is the same bytes as the reply.
    const file = await call<Output<'transfer:export-csv-file'>>(a, 'transfer:export-csv-file', { table: 'results' })
    const taken = a.downloads.take(file.downloadId)!
    expect(readFileSync(taken.path, 'utf8')).toBe(reply.content)
    await a.downloads.release(taken)
    // A formula-like name is neutralised and a comma or a quote is quoted.
    expect(reply.content).toContain(`"Ana, ""the quick"""`)
    expect(reply.content).toContain(`,'=Bo+1,`)
    expect(reply.content).toContain(`,'+Di,`)
    expect(reply.content).toContain(`,"Ed\nthe second",`)

    const rows = readRows(reply.content)
    expect(file.rows).toBe(rows.length)
    const byMatch = new Map<string, Row[]>()
    for (const r of rows) byMatch.set(r.match, [...(byMatch.get(r.match) ?? []), r])
    // Eight finished matches; the abandoned and the open ones are not there.
    expect(byMatch.size).toBe(8)
    expect(byMatch.has(open.id) || byMatch.has(ennea.id)).toBe(false)
    expect(byMatch.get(enneaId)?.map((r) => r.game)).toEqual(['ennea', 'ennea', 'ennea'])
    expect([...new Set(rows.map((r) => r.game))].sort()).toEqual(['ennea', 'nine', 'seven-eight-nine', 'wild-nine'])

    let sharedWins = 0
    let tiesBelowFirst = 0
    for (const [matchId, seats] of byMatch) {
      const view = await call<MatchView>(a, 'matches:get', { id: matchId })
      const game = seats[0]!.game
      expect(view.gameId).toBe(game)
      // The ranking rebuilt from the scores alone: 1 + how many seats scored strictly better.
      const better = (x: number, y: number): boolean => (LOWER_IS_BETTER[game] ? y < x : y > x)
      for (const r of seats) expect(r.rank).toBe(1 + seats.filter((o) => better(r.score, o.score)).length)
      // The same ranking, scores, names and winners as the app's match view.
      expect(seats.map((r) => [r.seat, r.player, r.score, r.rank])).toEqual(
        view.standings
          .slice()
          .sort((x, y) => x.seat - y.seat)
          .map((st) => [st.seat, names[ids.indexOf(view.seats[st.seat]!.playerId)], st.score, st.rank]),
      )
      const winners = seats.filter((r) => r.winner).map((r) => r.seat)
      expect(winners).toEqual(view.winners)
      // Winners are the rank-1 seats.
      expect(winners).toEqual(seats.filter((r) => r.rank === 1).map((r) => r.seat))
      expect(seats.map((r) => r.date).every((d) => d === seats[0]!.date)).toBe(true)
      if (winners.length > 1) sharedWins++
      const below = seats.filter((r) => r.rank > 1).map((r) => r.rank)
      if (new Set(below).size < below.length) tiesBelowFirst++
    }
    // The seed has the ties it claims: shared wins in Nine, Seven Eight Nine and Ennea, ties for second in Nine and Wild Nine.
    expect(sharedWins).toBe(3)
    expect(tiesBelowFirst).toBe(2)
    // The local date: the match at 02:00 UTC five hours west was played on 31 March.
    expect(rows.filter((r) => r.date === '2026-03-31').map((r) => r.player)).toEqual(['=Bo+1', 'Ed\nthe second'])

    // Two seasons, rebuilt from the CSV with the league's own rules and compared with the app's tables.
    const seasons: [Season, PointsScheme][] = []
    for (const [fields, scheme] of [
      [
        { name: 'All of March', startDate: '2026-03-01', endDate: '2026-03-31', gameIds: null },
        { kind: 'placement', top: 10 },
      ],
      [
        { name: 'Nine, early March', startDate: '2026-03-01', endDate: '2026-03-15', gameIds: ['nine', 'wild-nine'] },
        { kind: 'result', win: 3, draw: 1, loss: 0 },
      ],
    ] as const) {
      const s = await call<Season>(a, 'seasons:create', { ...fields, playerIds: null, scheme })
      seasons.push([s, scheme])
    }
    for (const [season, scheme] of seasons) {
      const counted: LeagueMatch[] = []
      for (const [matchId, seats] of byMatch) {
        const first = seats[0]!
        if (first.date < season.startDate || first.date > season.endDate) continue
        if (season.gameIds && !season.gameIds.includes(first.game)) continue
        counted.push({ matchId, seats: seats.map((r) => ({ playerId: r.player, placement: r.rank, won: r.winner })) })
      }
      const rebuilt = standings(scheme, counted, new Map(names.map((n) => [n, n])))
      const app = await call<SeasonStandings>(a, 'seasons:standings', { id: season.id })
      expect(app.matches).toBe(counted.length)
      expect(rebuilt.map((r) => [r.rank, r.name, r.points, r.matches, r.wins, r.sharedWins])).toEqual(
        app.rows.map((r) => [r.rank, r.name, r.points, r.matches, r.wins, r.sharedWins]),
      )
    }
  })

  it('refuses a table it does not know, naming the choices', async () => {
    const a = laptop()
    const r = await a.dispatch('transfer:export-csv-file', { table: 'result' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/must be players, matches, rounds or results/)
  })
})
