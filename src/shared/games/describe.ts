/**
 * One entry of a match log in words, for the history and for Undo / Redo: "Bo's stake on R1C1",
 * "Round 4", "Deal 3", "Ana flips 7♠". The seat is the one the action names, else the one the
 * engine expected to act before it; the round is the one the action belongs to. Each game's words
 * are in its module (`describeAction`); this adds what every game shares.
 */
import type { ActionContext } from './module'
import { GAME_MODULES, type GameId } from './registry'

export type { ActionContext } from './module'

export function describeAction(gameId: GameId, action: unknown, ctx: ActionContext): string {
  const a: Readonly<Record<string, unknown>> = isRecord(action) ? action : {}
  const type = typeof a.type === 'string' ? a.type : 'entry'
  const seat = typeof a.seat === 'number' ? a.seat : ctx.toAct
  const who = seat !== null && ctx.names[seat] !== undefined ? (ctx.names[seat] as string) : 'A player'
  const own = GAME_MODULES[gameId].describeAction(a, who, ctx)
  if (own !== null) return own
  return seat !== null && typeof a.seat === 'number'
    ? `${who}: ${type}`
    : type === 'entry'
      ? 'Entry'
      : `${type[0]?.toUpperCase()}${type.slice(1)}`
}

function isRecord(x: unknown): x is Readonly<Record<string, unknown>> {
  return x !== null && typeof x === 'object'
}
