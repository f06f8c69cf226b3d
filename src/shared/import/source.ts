/**
 * What an external file (BG Stats JSON, the documented CSV) says, before it is mapped onto this
 * club's games and players: plays with their seats, and the problems found while reading. Both
 * parsers produce this; ./plan.ts maps it. See docs/IMPORT.md.
 */

export type ExternalKind = 'bg-stats' | 'csv'

export interface SourceSeat {
  /** The source's own id for the player (BG Stats playerRefId, or the CSV name's key). */
  playerKey: string
  name: string
  /** A whole number, or null when the source had none. */
  score: number | null
  /** The source's placement (1 = best), or null when it had none. */
  rank: number | null
  /** The source's win flag, or null when it had none. */
  winner: boolean | null
}

export interface SourcePlay {
  /** The source's own play id (BG Stats uuid, CSV match key), or a canonical text of the play's content. */
  sourceId: string
  /** True when sourceId is the content itself (no id in the source): it is hashed to make the match id. */
  contentId: boolean
  /** How the preview names it: "play 12 (2024-03-01 20:15, Nine)" or "lines 4–7". */
  label: string
  gameName: string
  /** Local date-time, yyyy-mm-ddThh:mm:ss. */
  playedAt: string
  seats: SourceSeat[]
  /** A play to leave out, with why (BG Stats "ignored", a score that is not a whole number...). */
  skip: string | null
  /** Where it was played (BG Stats `locationRefId` → `locations[]`): the name, checked, and the source's id for it. */
  location?: { name: string; sourceId?: string | undefined } | undefined
  /** Why its location cannot be kept (a bad name, an id the file's list lacks): stops the import if the play is imported. */
  locationProblem?: string | undefined
}

export interface SourceProblem {
  /** The file's line (CSV), when the problem is one row. */
  line?: number
  reason: string
}

export interface SourceFile {
  kind: ExternalKind
  plays: SourcePlay[]
  /** Rows or records that could not be read: nothing is imported while there are any (CSV). */
  problems: SourceProblem[]
  /** How the file was read: its encoding (./text.ts) and, for a CSV, its separator in words ("tab"). */
  reading?: FileReading
}

export interface FileReading {
  encoding: string
  /** Null for a JSON file. */
  separator: string | null
}

/** A game name as compared: case, spaces, dashes and punctuation ignored ("seven-eight-nine" = "Seven Eight Nine"). */
export function gameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

/** A score as sources write it ("12", "-3", 12, "" ): a whole number, null when empty, or a reason. */
export function readScore(raw: unknown): { ok: true; value: number | null } | { ok: false; reason: string } {
  if (raw === null || raw === undefined) return { ok: true, value: null }
  if (typeof raw === 'number')
    return Number.isInteger(raw) && Math.abs(raw) <= 1_000_000
      ? { ok: true, value: raw }
      : { ok: false, reason: `the score ${raw} is not a whole number` }
  if (typeof raw !== 'string') return { ok: false, reason: 'the score is not a number' }
  const t = raw.trim()
  if (t === '') return { ok: true, value: null }
  if (!/^[-+]?\d{1,7}$/.test(t)) return { ok: false, reason: `the score “${t.slice(0, 20)}” is not a whole number` }
  if (Math.abs(Number(t)) > 1_000_000) return { ok: false, reason: `the score ${t} is beyond a million` }
  return { ok: true, value: Number(t) }
}

/** yyyy-mm-dd and hh:mm[:ss] as one local date-time, or null when either is not real. */
export function localDateTime(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim())
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim())
  if (!d || !t) return null
  const [y, mo, da] = [Number(d[1]), Number(d[2]), Number(d[3])]
  const [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? '0')]
  if (h > 23 || mi > 59 || s > 59) return null
  const probe = new Date(Date.UTC(y, mo - 1, da))
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== da) return null
  const p2 = (n: number): string => String(n).padStart(2, '0')
  return `${d[1]}-${d[2]}-${d[3]}T${p2(h)}:${p2(mi)}:${p2(s)}`
}
