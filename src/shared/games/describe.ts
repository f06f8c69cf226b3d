/**
 * One entry of a match log in words, for the history and for Undo / Redo: "Bo's stake on R1C1",
 * "Round 4", "Deal 3", "Ana flips 7♠". The seat is the one the action names, else the one the
 * engine expected to act before it; the round is the one the action belongs to.
 */
import type { GameId } from './engine'

export interface ActionContext {
  /** Seat names as they are now. */
  names: readonly string[]
  /** The seat expected to act before this entry, if one was. */
  toAct: number | null
  /** The round / deal / game the entry belongs to (1-based). */
  round: number
}

const cell = (c: unknown): string => (typeof c === 'number' && c >= 0 && c < 9 ? `R${Math.floor(c / 3) + 1}C${(c % 3) + 1}` : 'a card')
const card = (c: unknown): string => (typeof c === 'string' ? c.toUpperCase() : typeof c === 'number' ? String(c) : 'a card')

export function describeAction(gameId: GameId, action: unknown, ctx: ActionContext): string {
  const a = (action !== null && typeof action === 'object' ? action : {}) as Record<string, unknown>
  const type = typeof a.type === 'string' ? a.type : 'entry'
  const seat = typeof a.seat === 'number' ? a.seat : ctx.toAct
  const who = seat !== null && ctx.names[seat] !== undefined ? (ctx.names[seat] as string) : 'A player'
  const r = ctx.round
  switch (gameId) {
    case 'ennea':
      if (type === 'peek') return `${who}'s peek at ${cell(a.cell)}`
      if (type === 'stake') return `${who}'s stake on ${cell(a.cell)}`
      if (type === 'pass') return `${who}'s pass`
      if (type === 'ennea') return `${who}'s ENNEA call`
      if (type === 'reveal') return `Round ${r} reveal`
      break
    case 'wild-nine':
      if (type === 'round') return `Round ${r}`
      if (type === 'start-round') return `Round ${r} dealt (up card ${card(a.upcard)})`
      if (type === 'play') return `${who} plays ${card(a.card)}`
      if (type === 'draw') return `${who} draws`
      break
    case 'nine':
      if (type === 'round') return `Deal ${r}`
      if (type === 'deal') return `Deal ${r} dealt`
      if (type === 'declare') return `${who} declares NINE`
      if (type === 'take') return `${who} takes from the ${a.source === 'discard' ? 'discard pile' : 'draw pile'}`
      if (type === 'discard') return `${who} discards`
      if (type === 'snap') return `${who} snaps`
      if (type === 'stop-tracking') return `Deal ${r}: tracking stopped`
      break
    case 'seven-eight-nine':
      if (type === 'flip') return `${who} flips ${card(a.card)}`
      if (type === 'discard') return `${who} discards`
      if (type === 'swap') return `${who} swaps`
      if (type === 'react') return `${who} reacts`
      if (type === 'declare') return `${who} declares 7-8-9`
      if (type === 'block') return `${who} blocks`
      if (type === 'no-block') return `${who} does not block`
      if (type === 'reshuffle') return `${who} reshuffles`
      if (type === 'tiebreak') return `Game ${r}: tiebreaker`
      if (type === 'dealt-win') return `Game ${r}: dealt win`
      if (type === 'next-game') return `Game ${r + 1} dealt`
      if (type === 'correct-piles') return `Draw pile corrected to ${typeof a.draw === 'number' ? a.draw : '?'}`
      break
  }
  return seat !== null && typeof a.seat === 'number' ? `${who}: ${type}` : type === 'entry' ? 'Entry' : `${type[0]?.toUpperCase()}${type.slice(1)}`
}
