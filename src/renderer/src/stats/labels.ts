import type { Player } from '../../../shared/model/player'
import { sameNameDistinctions } from '../state/players.svelte'

/**
 * How the Stats tables and charts name a player: the name, with when the player was added if another
 * player has the same name (so two "Ana"s can be told apart).
 */
export function playerLabeller(players: readonly Player[]): (id: string, name: string) => string {
  const distinctions = sameNameDistinctions(players)
  return (id, name) => {
    const d = distinctions[id]
    return d ? `${name} (${d})` : name
  }
}

/** The names of the ticked players, as the filters' summary and the screen's status line list them. */
export function namesOf(players: readonly Player[], ids: readonly string[]): string {
  return ids.map((id) => players.find((p) => p.id === id)?.name ?? '?').join(', ')
}
