/**
 * Which archived seasons' final tables counted a match (docs/ARCHITECTURE.md, "Club data"), in
 * words, for the match's view. Every view of a match asks, so the lists of frozen matches are read
 * once into a map and read again only when the archived seasons change (another archive, a restore,
 * a rename arriving from another laptop, from this process or another): the check per view reads
 * the few archived seasons' ids, names and archive times, never their frozen lists.
 */
import type { Database, Statement } from 'better-sqlite3'

interface Index {
  /** The archived seasons the map was made from (ids, names, archive times). */
  key: string
  notes: Map<string, string[]>
  archived: Statement
}

const indexes = new WeakMap<Database, Index>()

const ARCHIVED = 'SELECT id, name, archived_at FROM seasons WHERE archived_at IS NOT NULL ORDER BY start_date, name, id'

/** The sentence a match counted in an archived season's final table shows. */
export function finalTableNote(season: string, final: boolean): string {
  return final
    ? `Counted in the final table of “${season}” (archived): a change here does not change that table.`
    : `Counted in the final table of “${season}” (archived), which is recomputed from its matches: a change here changes it too.`
}

/** The notes of the archived seasons whose final table counted match `id` (empty: none did). */
export function finalTableNotes(db: Database, id: string): readonly string[] {
  let index = indexes.get(db)
  if (!index) indexes.set(db, (index = { key: '[]', notes: new Map(), archived: db.prepare(ARCHIVED) }))
  const seasons = index.archived.all() as { id: string; name: string; archived_at: string }[]
  if (seasons.length === 0) return []
  const key = JSON.stringify(seasons)
  if (index.key !== key) {
    const notes = new Map<string, string[]>()
    const frozen = db.prepare('SELECT frozen_json FROM seasons WHERE id = ?').pluck()
    for (const s of seasons) {
      const json = frozen.get(s.id) as string | null
      if (!json) continue
      // An array: an archive event without standings (its table is recomputed); else { matchIds, standings }.
      const parsed = JSON.parse(json) as string[] | { matchIds: string[] }
      const ids = Array.isArray(parsed) ? parsed : parsed.matchIds
      const note = finalTableNote(s.name, !Array.isArray(parsed))
      for (const m of ids) notes.set(m, [...(notes.get(m) ?? []), note])
    }
    index.key = key
    index.notes = notes
  }
  return index.notes.get(id) ?? []
}
