/**
 * The contract every live-tracking rules engine follows.
 *
 * A match is its config plus an ordered action log; its state is always `replay(engine, config, log)`.
 * Engines are pure: no clock, no randomness, no I/O, and states are plain JSON-safe data
 * (no classes, Dates or Maps) so they can cross IPC, be stored and be deep-compared.
 */
import { err, ok, type Result } from '../result'
import type { GameId } from './ids'

// The games are listed once, in the facts list (no engine in it, so no cycle back here); these names stay importable from here.
export { GAME_IDS, GAME_NAMES, type GameId } from './ids'
export { rankSeats, seatName } from './seats'

/** Where the game stands, in words the table can read. */
export interface GameStatus {
  /** Engine-specific phase name, e.g. 'turns', 'reveal', 'round-entry', 'over'. */
  phase: string
  over: boolean
  /** 1-based number of the current (or last, when over) round / deal / game. */
  round: number
  /** The seat expected to act next, or null when the next input is not one seat's (round entry, reveal). */
  toAct: number | null
  /** Seats that won, ties share; empty while the match is not over. */
  winners: number[]
  /** One sentence for the UI, e.g. "Round 2: P3 to act." or "P1 wins with 3 cubes." */
  message: string
}

export interface Standing {
  seat: number
  name: string
  /** The game's own score: cubes in Ennea (higher is better), cumulative penalty points in Wild Nine and Nine, wins in Seven Eight Nine. */
  score: number
  /** 1 = best; tied seats share a rank. */
  rank: number
  /** True when the seat is out / has lost (e.g. Nine at 99 or more). */
  eliminated: boolean
  note?: string
}

/** A game's engine; `Id` is its game's id (a game not yet listed, such as the tests' toy game, names its own). */
export interface GameEngine<Config, State, Action, Legal = unknown, Id extends string = GameId> {
  readonly id: Id
  /** Validates the config and returns the starting state. */
  setup(config: Config): Result<State>
  /** What may be done now. The shape is engine specific (concrete actions, or action kinds with their allowed targets). */
  legalActions(state: State): Legal[]
  /** Returns the next state, or the refusal its docs/rules page lists (the `-V` checks and their messages).
   * Never mutates `state`. Bad input is refused, never thrown (each game parses it with its schema); only a bug
   * in the engine throws, so no engine catches everything. */
  apply(state: State, action: Action): Result<State>
  status(state: State): GameStatus
  standings(state: State): Standing[]
}

/** An error from replaying a log also says which action failed (-1: the config's setup). */
export interface ReplayError {
  code: string
  message: string
  field?: string
  index: number
}

export type ReplayResult<S> = { ok: true; value: S } | { ok: false; error: ReplayError }

/** How `replayLog` treats the entries of a log (docs/ARCHITECTURE.md § The reducer and the projections, "One replay"). */
export interface ReplayOptions<S> {
  /**
   * Entries the engine may refuse and the replay steps over (kept in the log, not applied: the state
   * stays the one before it). Without it the first refusal stops the replay.
   */
  passOver?: (index: number) => boolean
  /** Called for each entry with the state before it and after it (the same state when it was passed over). */
  step?: (index: number, before: S, after: S, refused: ReplayError | null) => void
}

/**
 * The one replay of a match's log: the engine, the reducer, the match service's corrections, undos
 * and redos, and the round form's preview all replay through it, so one bad entry is refused with
 * the same code and index everywhere. Stops at the first refusal not passed over, with the state just
 * before it (null when the config itself is refused); `passed` lists the refusals stepped over.
 */
export function replayLog<C, S, A>(
  engine: GameEngine<C, S, A, unknown, string>,
  config: C,
  actions: readonly A[],
  options: ReplayOptions<S> = {},
):
  | { ok: true; state: S; passed: ReplayError[] }
  | { ok: false; error: ReplayError; before: S | null; passed: ReplayError[] } {
  const passed: ReplayError[] = []
  const start = engine.setup(config)
  if (!start.ok) return { ok: false, error: { ...start.error, index: -1 }, before: null, passed }
  let state = start.value
  for (let i = 0; i < actions.length; i++) {
    const next = engine.apply(state, actions[i] as A)
    if (next.ok) {
      options.step?.(i, state, next.value, null)
      state = next.value
      continue
    }
    const refused: ReplayError = { ...next.error, index: i }
    if (!options.passOver?.(i)) return { ok: false, error: refused, before: state, passed }
    passed.push(refused)
    options.step?.(i, state, state, refused)
  }
  return { ok: true, state, passed }
}

/** Rebuilds a match state from its config and action log, stopping at the first refusal. Deterministic by construction. */
export function replay<C, S, A>(
  engine: GameEngine<C, S, A, unknown, string>,
  config: C,
  actions: readonly A[],
): ReplayResult<S> {
  const r = replayLog(engine, config, actions)
  return r.ok ? { ok: true, value: r.state } : { ok: false, error: r.error }
}

/** Undo = leave out the last action and replay. */
export function undo<C, S, A>(
  engine: GameEngine<C, S, A, unknown, string>,
  config: C,
  actions: readonly A[],
): Result<{ state: S; actions: A[] }> {
  if (actions.length === 0) return err('nothing-to-undo', 'There is nothing to undo yet.')
  const kept = actions.slice(0, -1)
  const r = replay(engine, config, kept)
  if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message } }
  return ok({ state: r.value, actions: kept })
}
