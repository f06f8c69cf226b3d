/**
 * The Ennea live-tracking engine: turns (Peek / Stake / Pass / ENNEA), final actions after a call,
 * the reveal with deck checks, resolution under the match's removal rule, four rounds, winners.
 * States are plain JSON data and are never mutated; unchanged parts are shared between states.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { parseEnneaAction, type EnneaParsedAction } from './schema'
import { isInt, isPlainObject } from '../../util'
import type { GameEngine, GameStatus, Standing } from '../engine'
import { rankSeats } from '../seats'
import { checkEnneaRevealGrid, enneaExpectedGrid, enneaRemainingCards } from './deck'
import { cellName, cubes, defaultSeatName, describe, MSG, parseCellName, ROUNDS } from './format'
import { explainWinners, resolveSeat } from './resolve'
import type {
  EnneaAction,
  EnneaConfig,
  EnneaLegal,
  EnneaPhase,
  EnneaRoundRecord,
  EnneaSeatResolution,
  EnneaState,
} from './types'
import { GRID_SIZE, emptyCells, firstWithCubes, setupEnnea, startRound } from './setup'

export { DEFAULT_COLOURS, DEFAULT_HOUSE_RULES } from './setup'

/** Local on purpose: imported bindings read in hot paths are slow under CJS interop (tsx). */

const PHASES: readonly EnneaPhase[] = ['turns', 'final-actions', 'reveal', 'over']
type ActionType = EnneaParsedAction['type']
const ACTION_NOUNS: Record<Exclude<ActionType, 'reveal'>, string> = {
  peek: 'peek',
  stake: 'stake',
  pass: 'pass',
  ennea: 'ENNEA call',
}

/** Most cubes a card may hold: 3, and never more than one per colour (EN-A16). */
function cardCap(players: number): number {
  return Math.min(3, players)
}

function nameOf(state: EnneaState, seat: number): string {
  return state.names[seat] ?? defaultSeatName(seat)
}

// ---------------------------------------------------------------------------------------------
// state sanity (apply receives states from outside too; it must never throw)
// ---------------------------------------------------------------------------------------------

function isIntArray(v: unknown, length: number): v is number[] {
  return Array.isArray(v) && v.length === length && v.every((x) => isInt(x))
}

function looksLikeState(s: unknown): s is EnneaState {
  if (!isPlainObject(s) || s.game !== 'ennea') return false
  const names = s.names
  if (!Array.isArray(names) || names.length < 2 || names.length > 4) return false
  const n = names.length
  if (!isIntArray(s.totals, n) || !isIntArray(s.pools, n) || !isIntArray(s.setAside, n)) return false
  if (!Array.isArray(s.cells) || s.cells.length !== GRID_SIZE || !s.cells.every((c) => Array.isArray(c))) return false
  if (!isInt(s.round, 1, ROUNDS) || !isInt(s.firstStarter, 0, n - 1) || !isInt(s.starter, 0, n - 1)) return false
  if (typeof s.phase !== 'string' || !(PHASES as readonly string[]).includes(s.phase)) return false
  if (!(s.toAct === null || isInt(s.toAct, 0, n - 1))) return false
  if (!(s.caller === null || isInt(s.caller, 0, n - 1))) return false
  if (!Array.isArray(s.finalQueue) || !Array.isArray(s.peeks) || !Array.isArray(s.log) || !Array.isArray(s.rounds))
    return false
  if (!isPlainObject(s.houseRules)) return false
  return true
}

// ---------------------------------------------------------------------------------------------
// apply
// ---------------------------------------------------------------------------------------------

function replaceAt<T>(arr: readonly T[], index: number, value: T): T[] {
  const out = arr.slice()
  out[index] = value
  return out
}

function staked(state: EnneaState, seat: number): number {
  let n = 0
  for (const c of state.cells) if (c.includes(seat)) n++
  return n
}

function poolText(state: EnneaState, seat: number): string {
  return `pool ${state.pools[seat] ?? 0}, set aside ${state.setAside[seat] ?? 0}, staked ${staked(state, seat)}`
}

/** Moves the turn on after `actor` acted (EN-R8, EN-R13). */
function advance(state: EnneaState, actor: number): EnneaState {
  if (state.phase === 'final-actions') {
    const queue = state.finalQueue.filter((s, i) => i > 0 && (state.pools[s] ?? 0) > 0)
    const next = queue[0]
    if (next === undefined) {
      return {
        ...state,
        finalQueue: [],
        toAct: null,
        phase: 'reveal',
        log: [...state.log, 'Final actions done: reveal the grid.'],
      }
    }
    return { ...state, finalQueue: queue, toAct: next }
  }
  const next = firstWithCubes(state.pools, actor + 1)
  if (next === null) {
    return { ...state, toAct: null, phase: 'reveal', log: [...state.log, 'Every pool is empty: reveal the grid.'] }
  }
  return { ...state, toAct: next }
}

function parseCell(raw: unknown): number | null {
  if (isInt(raw, 0, GRID_SIZE - 1)) return raw
  if (typeof raw === 'string') return parseCellName(raw)
  return null
}

function applyTurn(
  state: EnneaState,
  type: Exclude<ActionType, 'reveal'>,
  action: Record<string, unknown>,
): Result<EnneaState> {
  const final = state.phase === 'final-actions'
  if (final && type === 'ennea') return err('ennea-already-called', MSG.enneaCalled)
  if (final && type === 'peek') return err('peek-after-call', MSG.peekAfterCall)
  const seat = state.toAct
  if (seat === null) return err('not-your-turn', 'Nobody is to act now.')
  const n = state.names.length
  const claimed: unknown = action.seat
  if (claimed !== undefined && claimed !== null) {
    if (!isInt(claimed, 0, n - 1)) {
      return err('invalid-seat', `There is no seat ${describe(claimed)} at this table (seats 0 to ${n - 1}).`, 'seat')
    }
    if (claimed !== seat) {
      // an action names the seat it was meant for: a repeated key press meant for the previous seat is refused (EN-V11)
      const turn = `That was ${nameOf(state, claimed)}'s ${ACTION_NOUNS[type]}; it is ${nameOf(state, seat)}'s turn now.`
      if ((state.pools[claimed] ?? 0) === 0) return err('no-cubes', `${MSG.noCubes} ${turn}`, 'seat')
      if (type === 'ennea') return err('not-your-turn', `${MSG.enneaTurn} ${turn}`, 'seat')
      return err('not-your-turn', turn, 'seat')
    }
  }
  const pool = state.pools[seat] ?? 0
  if (pool < 1) return err('no-cubes', type === 'ennea' ? MSG.enneaTurn : MSG.noCubes)
  const who = nameOf(state, seat)
  const prefix = final ? 'Final action: ' : ''

  if (type === 'peek' || type === 'stake') {
    const cell = parseCell(action.cell)
    if (cell === null) {
      return err(
        'invalid-cell',
        `Choose a card: the cell must be 0 to 8 (R1C1 to R3C3), not ${describe(action.cell)}.`,
        'cell',
      )
    }
    const on = state.cells[cell] ?? []
    if (type === 'peek') {
      if (on.length > 0) return err('peek-covered', MSG.peekCovered, cellName(cell))
      const next: EnneaState = {
        ...state,
        pools: replaceAt(state.pools, seat, pool - 1),
        setAside: replaceAt(state.setAside, seat, (state.setAside[seat] ?? 0) + 1),
        peeks: [...state.peeks, { seat, cell }],
      }
      return ok(
        advance({ ...next, log: [...state.log, `${who} peeks at ${cellName(cell)} (${poolText(next, seat)}).`] }, seat),
      )
    }
    if (on.includes(seat)) {
      return err(
        'own-cube',
        `You already have a cube on ${cellName(cell)} (max 1 of your colour per card).`,
        cellName(cell),
      )
    }
    if (on.length >= cardCap(n)) {
      return err('card-full', `${cellName(cell)} already holds ${on.length} cubes (the maximum).`, cellName(cell))
    }
    const next: EnneaState = {
      ...state,
      pools: replaceAt(state.pools, seat, pool - 1),
      cells: replaceAt(state.cells, cell, [...on, seat]),
    }
    return ok(
      advance(
        { ...next, log: [...state.log, `${prefix}${who} stakes ${cellName(cell)} (${poolText(next, seat)}).`] },
        seat,
      ),
    )
  }

  if (type === 'pass') {
    const amount = Math.min(2, pool)
    const next: EnneaState = {
      ...state,
      pools: replaceAt(state.pools, seat, pool - amount),
      setAside: replaceAt(state.setAside, seat, (state.setAside[seat] ?? 0) + amount),
    }
    return ok(
      advance(
        {
          ...next,
          log: [...state.log, `${prefix}${who} passes and sets aside ${cubes(amount)} (${poolText(next, seat)}).`],
        },
        seat,
      ),
    )
  }

  // ENNEA call (EN-R12): the pool goes aside, then each other seat with cubes gets one final action
  const pools = replaceAt(state.pools, seat, 0)
  const queue: number[] = []
  for (let k = 1; k < n; k++) {
    const s = (seat + k) % n
    if ((pools[s] ?? 0) > 0) queue.push(s)
  }
  const called: EnneaState = {
    ...state,
    pools,
    setAside: replaceAt(state.setAside, seat, (state.setAside[seat] ?? 0) + pool),
    caller: seat,
  }
  const log = [...state.log, `${who} calls ENNEA! and sets aside ${cubes(pool)} (${poolText(called, seat)}).`]
  const first = queue[0]
  if (first === undefined) {
    return ok({
      ...called,
      phase: 'reveal',
      toAct: null,
      finalQueue: [],
      log: [...log, 'Nobody else has cubes: reveal the grid.'],
    })
  }
  return ok({ ...called, phase: 'final-actions', toAct: first, finalQueue: queue, log })
}

/** "2 7 4 / 5 3 6 / 1 8 9"; an unknown card (0 or null, EN-A21) is "?". */
function gridText(grid: readonly (number | null)[]): string {
  const t = grid.map((v) => (v === null || v === 0 ? '?' : String(v)))
  return [t.slice(0, 3), t.slice(3, 6), t.slice(6, 9)].map((r) => r.join(' ')).join(' / ')
}

function applyReveal(state: EnneaState, action: Record<string, unknown>): Result<EnneaState> {
  const earlier = state.rounds.map((r) => r.grid)
  const checked = checkEnneaRevealGrid(action.grid, state.cells, earlier, state.houseRules.reshuffleEachRound)
  if (!checked.ok) return checked
  const values = checked.value
  // stored as plain numbers: 0 marks a card left unknown, listed in unknownCells
  const grid = values.map((v) => v ?? 0)
  const unknownCells = values.flatMap((v, c) => (v === null ? [c] : []))
  const rule = state.houseRules.failedLineRemoval
  const board = { grid: values, stakes: state.cells, totals: state.totals }
  const seats: EnneaSeatResolution[] = state.totals.map((_, s) => resolveSeat(board, s, rule))
  const totalsAfter = seats.map((r) => r.total)
  const explanation: string[] = [`Round ${state.round} grid: ${gridText(grid)}; failed-line removal ${rule}.`]
  if (state.caller !== null) explanation.push(`ENNEA called by ${nameOf(state, state.caller)}.`)
  if (unknownCells.length > 0) {
    const later = state.round < ROUNDS && !state.houseRules.reshuffleEachRound
    explanation.push(
      `Left unknown (no cubes on ${unknownCells.length === 1 ? 'it' : 'them'}, EN-A21): ${unknownCells.map(cellName).join(', ')}.` +
        (later
          ? ' The round-4 grid can no longer be predicted exactly; each value is still checked against the four in the deck.'
          : ''),
    )
  }
  for (const r of seats) {
    for (const line of r.explanation) explanation.push(`${nameOf(state, r.seat)}: ${line}`)
  }
  const record: EnneaRoundRecord = {
    round: state.round,
    starter: state.starter,
    caller: state.caller,
    grid,
    stakes: state.cells,
    peeks: state.peeks,
    totalsBefore: state.totals,
    totalsAfter,
    seats,
    unknownCells,
    removalRule: rule,
    log: [...state.log, `Revealed: ${gridText(grid)}.`],
    explanation,
  }
  const rounds = [...state.rounds, record]
  if (state.round >= ROUNDS) {
    return ok({
      ...state,
      rounds,
      phase: 'over',
      toAct: null,
      totals: totalsAfter,
      pools: totalsAfter.slice(),
      setAside: new Array<number>(totalsAfter.length).fill(0),
      cells: emptyCells(),
      peeks: [],
      caller: null,
      finalQueue: [],
      log: [],
    })
  }
  return ok(startRound({ ...state, rounds }, state.round + 1, totalsAfter))
}

function apply(state: EnneaState, action: EnneaAction): Result<EnneaState> {
  if (!looksLikeState(state)) return err('invalid-state', 'This is not an Ennea match state.')
  const parsed = parseEnneaAction(action)
  if (!parsed.ok)
    return parsed.error.field === undefined ? { ok: false, error: { ...parsed.error, field: 'action' } } : parsed
  const a: Record<string, unknown> = parsed.value
  const t: ActionType = parsed.value.type
  if (state.phase === 'over') return err('game-over', MSG.gameOver)
  if (t === 'reveal') {
    if (state.phase !== 'reveal') {
      return err(
        'not-reveal-time',
        'The grid is revealed only when the round ends: when every pool is empty, or after an ENNEA call and the final actions.',
      )
    }
    return applyReveal(state, a)
  }
  if (state.phase === 'reveal')
    return err('reveal-needed', 'The round is over: reveal the grid by entering the 9 card values.')
  return applyTurn(state, t, a)
}

// ---------------------------------------------------------------------------------------------
// legal actions, status, standings
// ---------------------------------------------------------------------------------------------

/** The seats that called ENNEA, by round (index 0 = round 1), for the tie-break. */
export function enneaCallers(state: EnneaState): (number | null)[] {
  const out = state.rounds.map((r) => r.caller)
  if (state.phase !== 'over' && state.caller !== null) out.push(state.caller)
  return out
}

/**
 * The cards the next grid can still hold, sorted: the undealt cards under the no-reshuffle default
 * (27, 18, 9 during rounds 2, 3, 4; exactly the round-4 grid), else the whole deck. Null once the game is over.
 */
export function enneaExpectedRemaining(state: EnneaState): number[] | null {
  if (state.phase === 'over') return null
  if (state.houseRules.reshuffleEachRound) return enneaRemainingCards([])
  return enneaRemainingCards(state.rounds.map((r) => r.grid))
}

/** Cards left undealt after this round's deal (27 / 18 / 9 / 0 without reshuffle). */
export function enneaUndealt(state: EnneaState): number {
  if (state.houseRules.reshuffleEachRound) return 36 - GRID_SIZE
  return 36 - GRID_SIZE * state.round
}

function legalActions(state: EnneaState): EnneaLegal[] {
  if (!looksLikeState(state)) return []
  if (state.phase === 'over') return []
  if (state.phase === 'reveal') {
    return [
      {
        type: 'reveal',
        expected: enneaExpectedGrid(
          state.rounds.map((r) => r.grid),
          state.houseRules.reshuffleEachRound,
        ),
      },
    ]
  }
  const seat = state.toAct
  if (seat === null) return []
  const pool = state.pools[seat] ?? 0
  if (pool < 1) return []
  const cap = cardCap(state.names.length)
  const out: EnneaLegal[] = []
  if (state.phase === 'turns') {
    const peek = state.cells.flatMap((c, i) => (c.length === 0 ? [i] : []))
    if (peek.length > 0) out.push({ type: 'peek', seat, cells: peek })
  }
  const stake = state.cells.flatMap((c, i) => (c.length < cap && !c.includes(seat) ? [i] : []))
  if (stake.length > 0) out.push({ type: 'stake', seat, cells: stake })
  out.push({ type: 'pass', seat, cubes: Math.min(2, pool) })
  if (state.phase === 'turns') out.push({ type: 'ennea', seat, cubes: pool })
  return out
}

function winnersOf(state: EnneaState): { winners: number[]; message: string } {
  return explainWinners(state.totals, enneaCallers(state), state.names)
}

function status(state: EnneaState): GameStatus {
  if (!looksLikeState(state)) {
    return {
      phase: 'invalid',
      over: false,
      round: 1,
      toAct: null,
      winners: [],
      message: 'This is not an Ennea match state.',
    }
  }
  const round = state.round
  if (state.phase === 'over') {
    const w = winnersOf(state)
    return { phase: 'over', over: true, round, toAct: null, winners: w.winners, message: w.message }
  }
  if (state.phase === 'reveal') {
    const expected = enneaExpectedGrid(
      state.rounds.map((r) => r.grid),
      state.houseRules.reshuffleEachRound,
    )
    const hint = expected ? ` It must be the last 9 cards: ${expected.join(', ')}.` : ''
    return {
      phase: 'reveal',
      over: false,
      round,
      toAct: null,
      winners: [],
      message: `Round ${round}: reveal the grid and enter the 9 card values.${hint}`,
    }
  }
  const seat = state.toAct ?? 0
  const who = nameOf(state, seat)
  if (state.phase === 'final-actions') {
    const caller = state.caller === null ? 'A player' : nameOf(state, state.caller)
    return {
      phase: 'final-actions',
      over: false,
      round,
      toAct: state.toAct,
      winners: [],
      message: `Round ${round}: ${caller} called ENNEA; ${who} takes a final Stake or Pass.`,
    }
  }
  return {
    phase: 'turns',
    over: false,
    round,
    toAct: state.toAct,
    winners: [],
    message: `Round ${round}: ${who} to act (${cubes(state.pools[seat] ?? 0)} in pool).`,
  }
}

function standings(state: EnneaState): Standing[] {
  if (!looksLikeState(state)) return []
  const over = state.phase === 'over'
  const winners = over ? winnersOf(state).winners : []
  // a tie broken by the ENNEA call ranks the winner above the other tied seats
  const keys = state.totals.map((t, s) => t * 2 + (winners.includes(s) ? 1 : 0))
  const ranks = rankSeats(keys, true)
  const callers = enneaCallers(state)
  return state.totals.map((score, seat) => {
    const notes: string[] = []
    if (over && winners.includes(seat)) notes.push(winners.length > 1 ? 'Co-winner' : 'Winner')
    const calls = callers.flatMap((c, r) => (c === seat ? [r + 1] : []))
    if (calls.length > 0)
      notes.push(`ENNEA call${calls.length > 1 ? 's' : ''} in round${calls.length > 1 ? 's' : ''} ${calls.join(', ')}`)
    if (score === 0) notes.push('Out of cubes')
    const standing: Standing = {
      seat,
      name: nameOf(state, seat),
      score,
      rank: ranks[seat] ?? 1,
      eliminated: score === 0,
    }
    if (notes.length > 0) standing.note = notes.join('; ')
    return standing
  })
}

export const enneaEngine: GameEngine<EnneaConfig, EnneaState, EnneaAction, EnneaLegal> = {
  id: 'ennea',
  setup: setupEnnea,
  legalActions,
  apply,
  status,
  standings,
}
