/**
 * The matches written or read most recently, as computed then (docs/ARCHITECTURE.md § The commit
 * path, "One commit cache"). A commit applies one action to the state it already has instead of
 * replaying the whole log, so its cost does not grow with the match. Each entry holds the key the
 * match had when it was put (Projector.matchKey) and is used only while the match's key is that one:
 * there is no other way in and nothing to clear by hand. Entries are never changed: a commit puts a
 * new one, and only once its transaction has committed.
 */
import type { LoggedAction } from '../../shared/model/match'
import type { SeatRow } from '../db/repos/matches'
import { freezeMatch, type ProjectedMatch } from './projected-match'

export interface CachedMatch {
  readonly match: ProjectedMatch
  /** The seats with the players' names and colours as the last view of it showed them. */
  readonly seats?: readonly SeatRow[]
  /** The entries as that view listed them (a commit at the end extends the list). */
  readonly listed?: readonly LoggedAction[]
}

export class MatchCache {
  private readonly entries = new Map<string, { key: string; cached: CachedMatch }>()

  constructor(private readonly size = 8) {}

  /** The cached match `id` when it was put with `key`, else nothing (and a stale entry goes). */
  get(id: string, key: string): CachedMatch | undefined {
    const e = this.entries.get(id)
    if (!e) return undefined
    if (e.key === key) return e.cached
    this.entries.delete(id)
    return undefined
  }

  /** Keeps `cached` under its match's `key` (the most recent last; the oldest goes beyond `size`). */
  put(key: string, cached: CachedMatch): void {
    const id = cached.match.id
    this.entries.delete(id)
    this.entries.set(id, { key, cached: { ...cached, match: freezeMatch(cached.match) } })
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string)
  }
}
