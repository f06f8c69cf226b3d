/**
 * Projections of an engine state into the per-round, per-seat rows the database keeps for stats
 * (round_results) and a one-line match summary. Pure: the match service rebuilds them from the
 * replayed log inside each write's transaction, so they can never drift from the log.
 */
import type { GameId } from './engine'
import type { EnneaState } from './ennea/index'
import type { NineState } from './nine/index'
import type { SenState } from './seven-eight-nine/index'
import type { WildNineState } from './wild-nine/index'

export interface RoundRow {
  /** 1-based round (deal, or game in Seven Eight Nine). */
  round: number
  seat: number
  /** What the round added: penalty points (Wild Nine, Nine), cubes kept (Ennea), 1 for a won game (Seven Eight Nine). */
  score: number
  /** The seat's running total after the round. */
  total: number
  wonRound: boolean
  /** Game-specific rule events, for stats (9s left in hand, NINE declarations, 9-lines made...). */
  details: Record<string, number | boolean | string>
}

export function completedRounds(gameId: GameId, state: unknown): number {
  switch (gameId) {
    case 'wild-nine':
      return (state as WildNineState).rounds.length
    case 'nine':
      return (state as NineState).rounds.length
    case 'ennea':
      return (state as EnneaState).rounds.length
    case 'seven-eight-nine':
      return (state as SenState).games.length
  }
}

/**
 * The rows of every completed round, or of rounds `fromRound` on (a commit at the end of a long
 * match only needs its newest rows; each round's rows depend on that round alone, except Seven
 * Eight Nine's running win count, which is computed over all games and then cut).
 */
export function roundRows(gameId: GameId, state: unknown, fromRound = 1): RoundRow[] {
  const from = <T extends { round: number }>(rounds: T[]): T[] => (fromRound <= 1 ? rounds : rounds.filter((r) => r.round >= fromRound))
  switch (gameId) {
    case 'wild-nine': {
      const s = state as WildNineState
      return wildNineRows({ ...s, rounds: from(s.rounds) })
    }
    case 'nine': {
      const s = state as NineState
      return nineRows({ ...s, rounds: from(s.rounds) })
    }
    case 'ennea': {
      const s = state as EnneaState
      return enneaRows({ ...s, rounds: from(s.rounds) })
    }
    case 'seven-eight-nine':
      return from(senRows(state as SenState))
  }
}

function wildNineRows(state: WildNineState): RoundRow[] {
  return state.rounds.flatMap((r) =>
    r.points.map((points, seat) => {
      const hand = r.hands?.[seat] ?? null
      return {
        round: r.round,
        seat,
        score: points,
        total: r.totals[seat] ?? 0,
        wonRound: r.wentOut === seat,
        details: {
          wentOut: r.wentOut === seat,
          deadlock: r.deadlock,
          entry: r.entry,
          ...(hand ? { ninesLeft: hand.filter((c) => c.startsWith('9')).length, cardsLeft: hand.length } : {}),
        },
      }
    }),
  )
}

function nineRows(state: NineState): RoundRow[] {
  return state.rounds.flatMap((r) =>
    r.points.map((points, seat) => ({
      round: r.round,
      seat,
      score: points,
      total: r.totals[seat] ?? 0,
      wonRound: !r.void && (r.declarerWon ? r.declarer === seat : r.declarer !== seat),
      details: {
        declared: r.declarer === seat,
        declaredWon: r.declarer === seat && r.declarerWon,
        declaredFailed: r.declarer === seat && !r.declarerWon && !r.void,
        reset90: r.resets.includes(seat),
        lost99: r.losers.includes(seat) && !(r.before[seat] !== undefined && r.before[seat] >= 99),
        handTotal: r.handTotals[seat] ?? 0,
        void: r.void,
      },
    })),
  )
}

function enneaRows(state: EnneaState): RoundRow[] {
  return state.rounds.flatMap((r) =>
    r.seats.map((s) => {
      const made = s.lines.filter((l) => l.success).length
      return {
        round: r.round,
        seat: s.seat,
        score: s.total,
        total: s.total,
        wonRound: made > 0,
        details: {
          linesMade: made,
          linesFailed: s.lines.length - made,
          loss: s.loss,
          calledEnnea: r.caller === s.seat,
          minimumLoss: s.minimumLoss,
        },
      }
    }),
  )
}

function senRows(state: SenState): RoundRow[] {
  const wins = [0, 0]
  return state.games.flatMap((g) =>
    g.results.map((result, seat) => {
      if (result === 'win') wins[seat] = (wins[seat] ?? 0) + 1
      return {
        round: g.game,
        seat,
        score: result === 'win' ? 1 : 0,
        total: wins[seat] ?? 0,
        wonRound: result === 'win',
        details: { result, ending: g.ending, blocked: g.blocked, reshuffled: g.reshuffled },
      }
    }),
  )
}
