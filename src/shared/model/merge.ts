import type { Player } from './player'

/** What "Merge into…" would move, shown before anything changes. */
export interface PlayerMergePreview {
  from: Player
  into: Player
  /** Matches of `from` that will count for `into`. */
  matches: number
  /** Matches where both sat at the table (each seat keeps its own results there). */
  sharedMatches: number
  /** The preview in words. */
  message: string
}
