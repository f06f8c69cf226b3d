/**
 * One entry of a match log in words (`EntryWords`): the line for the history and for Undo / Redo
 * ("Bo's stake on R1C1", "Round 4", "Deal 3", "Ana flips 7♠"), a whole-round entry's values per seat
 * ("Ana went out", "Bo: 13 13 12") and what undoing it says ("Deal 3 undone"). The seat is the one the
 * action names, else the one the engine expected to act before it; the round is the one the action
 * belongs to. Each game's words are in its module (`describeEntry`); this adds what every game shares:
 * the seat's name and the words for an entry its game has none for.
 */
import type { ActionContext, EntryWords } from './module'
import { moveWords } from './module-words'
import { GAME_MODULES, type AnyGameModule, type GameId } from './registry'

export type { ActionContext, EntryWords } from './module'

export function entryWords(gameId: GameId, action: unknown, ctx: ActionContext): EntryWords {
  const a: Readonly<Record<string, unknown>> = isRecord(action) ? action : {}
  const type = typeof a.type === 'string' ? a.type : 'entry'
  const seat = typeof a.seat === 'number' ? a.seat : ctx.toAct
  const who = seat !== null && ctx.names[seat] !== undefined ? (ctx.names[seat] as string) : 'A player'
  const own = GAME_MODULES[gameId].describeEntry(a, who, ctx)
  if (own !== null) return own
  return moveWords(
    seat !== null && typeof a.seat === 'number'
      ? `${who}: ${type}`
      : type === 'entry'
        ? 'Entry'
        : `${type[0]?.toUpperCase()}${type.slice(1)}`,
  )
}

/** The history's line for an entry. */
export function describeAction(gameId: GameId, action: unknown, ctx: ActionContext): string {
  return entryWords(gameId, action, ctx).line
}

/** A whole-round entry's values, a line per seat, under the seat names `names` (empty for a single move). */
export function seatLines(gameId: GameId, names: readonly string[], action: unknown): readonly string[] {
  return entryWords(gameId, action, { names, toAct: null, round: 0 }).seats
}

/**
 * What undoing the newest entry of a match whose state is `state` (before the undo) says, "Round 4
 * undone", with the round counted by the game's module; null for a single move.
 */
export function undoneWords(gameId: GameId, state: unknown, action: unknown, names: readonly string[]): string | null {
  const round =
    state === null || state === undefined ? 0 : (GAME_MODULES[gameId] as AnyGameModule).completedRounds(state)
  return entryWords(gameId, action, { names, toAct: null, round }).undone
}

function isRecord(x: unknown): x is Readonly<Record<string, unknown>> {
  return x !== null && typeof x === 'object'
}
