/**
 * Import from what clubs already use: a BG Stats JSON backup or the documented
 * CSV layout (docs/IMPORT.md). `preview` reads the file and says what would happen (players matched
 * by name or created, plays per game, plays left out and why, duplicates, plays already imported)
 * and writes nothing; `apply` does exactly that in one immediate transaction, after the user's
 * choices (game for an unmatched name, a source player renamed or mapped to an existing one).
 *
 * Each imported play is one `match.recorded` event whose match id and event id are derived from the
 * source (the play's own id, or a hash of its rows), so the same file imported twice adds nothing
 * and the preview says "already imported".
 */
import type { Database } from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { recordedInstant, type RecordedPayload } from '../../shared/events/recorded'
import { PAYLOAD_VERSION, type DomainEvent } from '../../shared/events/types'
import { validateEvent } from '../../shared/events/validate'
import { looksLikeBgStats, parseBgStats } from '../../shared/import/bg-stats'
import { parseCsv } from '../../shared/import/csv'
import {
  planImport,
  type ExternalChoices,
  type ExternalImportPreview,
  type ExternalImportReport,
  type ExternalPlan,
  type RosterPlayer,
} from '../../shared/import/plan'
import type { SourceFile, SourcePlay } from '../../shared/import/source'
import { decodeImportBytes, type TextEncoding } from '../../shared/import/text'
import { playerNameKey } from '../../shared/model/player'
import { err, ok, type Result } from '../../shared/result'
import { writeTransaction } from '../db/transaction'
import type { EventStore } from '../db/repos/events'
import type { Device } from './device'
import type { Projector } from './projector'
import type { StatsProjector } from './stats'

export interface ExternalImportDeps {
  events: EventStore
  device: Device
  projector: Projector
  stats: StatsProjector
}

/** A UUIDv7-shaped id made from a key: the play's time in the first 48 bits, then a hash of the key. */
export function derivedImportId(ms: number, key: string): string {
  const h = createHash('sha256').update(`ninekeeper-import:${key}`).digest()
  const b = Buffer.alloc(16)
  let t = BigInt(Math.max(0, Math.floor(ms)))
  for (let i = 5; i >= 0; i--) {
    b[i] = Number(t & 0xffn)
    t >>= 8n
  }
  h.copy(b, 6, 0, 10)
  b[6] = ((b[6] as number) & 0x0f) | 0x70
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const x = b.toString('hex')
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}

/** The source id a recorded match keeps: the play's own id, or a hash of its content. */
export function sourceIdOf(play: SourcePlay): string {
  return play.contentId
    ? `sha256:${createHash('sha256').update(play.sourceId).digest('hex').slice(0, 40)}`
    : play.sourceId
}

/**
 * The match id of a play from a source (the same on every computer and every import of it) and the
 * id of the event that records it on one device (the same on every import there). Two laptops that
 * import the same play before they sync make two events for one match: both stay in the log and the
 * first in log order is in force on every laptop (services/recorded-projection.ts).
 */
export function recordedIds(
  kind: SourceFile['kind'],
  play: SourcePlay,
  deviceId: string,
): { subject: string; eventId: string } {
  // The time bits are the play's time read as UTC, so the ids never depend on this computer's zone.
  const ms = recordedInstant(play.playedAt, 0)
  const key = `${kind}:${sourceIdOf(play)}`
  return { subject: derivedImportId(ms, `match:${key}`), eventId: derivedImportId(ms, `event:${key}:${deviceId}`) }
}

/** Minutes east of UTC in `timeZone` at the instant `ms`. */
function zoneOffsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms))
  const n = (t: string): number => Number(parts.find((p) => p.type === t)?.value ?? 0)
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'))
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000)
}

/**
 * Minutes east of UTC at a local date-time (daylight saving included), in this computer's zone or in
 * `timeZone` (an IANA name). An imported play's time has no offset (docs/IMPORT.md, "Dates and time
 * zones"), so the offset is that of the zone at that wall time, chosen as JavaScript's Date and
 * Temporal's 'compatible' disambiguation choose the instant:
 * - a time the clocks skipped (02:30 in Berlin on 29 March 2026, a spring-forward gap) keeps the
 *   offset in force before the change (+60): the instant is 01:30 UTC, the gap's length later than
 *   the last instant before it, and the stored wall time stays what the file said;
 * - a time the clocks passed twice (02:30 on 25 October 2026 in Berlin) is the earlier one (+120).
 * The offset and the wall time give the instant (recordedInstant), the same on every laptop.
 */
export function localOffsetAt(playedAt: string, timeZone?: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(playedAt)
  if (!m) return 0
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number]
  const wall = Date.UTC(y, mo - 1, d, h, mi, s)
  let off: number
  if (timeZone === undefined) {
    // Date's local constructor resolves a skipped or repeated wall time as 'compatible' does; the
    // offset is what separates the wall time from that instant (not the offset at the instant,
    // which inside a gap is the one after the change).
    off = Math.round((wall - new Date(y, mo - 1, d, h, mi, s).getTime()) / 60_000)
  } else {
    const day = 86_400_000
    const before = zoneOffsetAt(wall - day, timeZone)
    const after = zoneOffsetAt(wall + day, timeZone)
    // Each offset the zone had around then that maps the wall time onto an instant that has it.
    const fits = [...new Set([before, after])].filter((o) => zoneOffsetAt(wall - o * 60_000, timeZone) === o)
    // Two fit: the wall time came twice, the earlier instant (the larger offset) is taken. None: a gap,
    // read with the offset before it (the instant after the gap by its length).
    off = fits.length ? Math.max(...fits) : before
  }
  return Math.max(-840, Math.min(840, off))
}

/**
 * Reads the file as BG Stats JSON or as CSV (whichever it is); a refusal says why. `encoding`: how
 * its bytes were decoded (readText), said back in the preview.
 */
export function readSource(input: string, encoding = 'UTF-8'): Result<SourceFile> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  if (text.includes('\u0000'))
    return err('invalid-file', 'That file is not a BG Stats backup or a CSV file (it is binary). Nothing was changed.')
  const head = text.trimStart()
  if (head.startsWith('{') || head.startsWith('[')) {
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      return err(
        'invalid-file',
        'That file looks like JSON but is not valid JSON, so it is not a BG Stats backup. Nothing was changed.',
      )
    }
    if ((raw as { format?: unknown } | null)?.format === 'ninekeeper-export') {
      return err(
        'ninekeeper-export',
        'That is a Ninekeeper export: use “Import a Ninekeeper JSON export” for it. Nothing was changed.',
      )
    }
    if (!looksLikeBgStats(raw))
      return err(
        'invalid-file',
        'That JSON file is not a BG Stats backup (it has no "plays" with "players" or "games"). Nothing was changed.',
      )
    const parsed = parseBgStats(raw)
    if (!parsed.ok) return err('invalid-file', `That file cannot be imported: ${parsed.reason}. Nothing was changed.`)
    return ok({ ...parsed.value, reading: { encoding, separator: null } })
  }
  return ok(parseCsv(text, encoding))
}

export class ExternalImportService {
  constructor(
    private readonly db: Database,
    private readonly deps: ExternalImportDeps,
  ) {}

  private roster(): RosterPlayer[] {
    const roster = this.db
      .prepare<[], { id: string; name: string; archived_at: string | null }>(
        'SELECT id, name, archived_at FROM players WHERE deleted = 0 AND canonical_id = id ORDER BY created_at, id',
      )
      .all()
      .map((r): RosterPlayer & { otherNames: { name: string; why: string }[] } => ({
        id: r.id,
        name: r.name,
        archived: r.archived_at !== null,
        otherNames: [],
      }))
    const byId = new Map(roster.map((r) => [r.id, r]))
    // Every name each player was given (created or renamed, read from the log), and every name of a
    // player merged into another, so a file written before a rename or a merge finds its player.
    // Players first, then each one's events by the subject index: never a scan of the whole log.
    const named = this.db
      .prepare<[], { subject: string; name: string; own: string; canonical: string; deleted: number }>(
        `SELECT e.subject, json_extract(e.payload, '$.name') AS name, p.name AS own, p.canonical_id AS canonical, p.deleted
           FROM players p CROSS JOIN events e ON e.subject = p.id
          WHERE e.kind IN ('player.created', 'player.renamed')`,
      )
      .all()
    for (const n of named) {
      const into = byId.get(n.canonical)
      if (!into || typeof n.name !== 'string' || (n.deleted && n.subject === n.canonical)) continue
      if (playerNameKey(n.name) === playerNameKey(into.name)) continue
      const why =
        n.subject === n.canonical
          ? `${into.name} was called “${n.name}”`
          : playerNameKey(n.name) === playerNameKey(n.own)
            ? `“${n.name}” was merged into ${into.name}`
            : `“${n.name}” (later ${n.own}) was merged into ${into.name}`
      if (!into.otherNames.some((o) => playerNameKey(o.name) === playerNameKey(n.name)))
        into.otherNames.push({ name: n.name, why })
    }
    return roster
  }

  private plan(file: SourceFile, choices: ExternalChoices): ExternalPlan {
    const has = this.db.prepare<[string], { one: number }>('SELECT 1 AS one FROM events WHERE subject = ? LIMIT 1')
    return planImport(
      file,
      this.roster(),
      choices,
      (play) => has.get(recordedIds(file.kind, play, '').subject) !== undefined,
    )
  }

  previewFile(path: string, choices: ExternalChoices): Result<ExternalImportPreview> {
    const text = readText(path)
    return text.ok ? this.preview(text.value.text, choices, text.value.encoding) : text
  }

  applyFile(path: string, choices: ExternalChoices): Result<ExternalImportReport> {
    const text = readText(path)
    return text.ok ? this.apply(text.value.text, choices, text.value.encoding) : text
  }

  preview(text: string, choices: ExternalChoices, encoding = 'UTF-8'): Result<ExternalImportPreview> {
    const file = readSource(text, encoding)
    if (!file.ok) return file
    const preview = this.plan(file.value, choices).preview
    return ok(file.value.reading ? { ...preview, reading: file.value.reading } : preview)
  }

  /** Writes what the preview showed, in one transaction; refused (nothing written) while the file has problems. */
  apply(text: string, choices: ExternalChoices, encoding = 'UTF-8'): Result<ExternalImportReport> {
    const file = readSource(text, encoding)
    if (!file.ok) return file
    const { events, device, projector, stats } = this.deps
    return writeTransaction(this.db, () => {
      const plan = this.plan(file.value, choices)
      const p = plan.preview
      if (p.problems.length) {
        const first = p.problems[0] as { line?: number; reason: string }
        const more =
          p.problems.length > 1
            ? ` (and ${p.problems.length - 1} more problem${p.problems.length === 2 ? '' : 's'})`
            : ''
        return err(
          'invalid-rows',
          `Nothing was imported: ${first.line !== undefined ? `line ${first.line}: ` : ''}${first.reason}${more}. Fix the file or the choices and try again.`,
        )
      }
      const report: ExternalImportReport = {
        kind: file.value.kind,
        playersCreated: 0,
        matchesRecorded: 0,
        alreadyImported: p.alreadyImported,
        skipped: p.skipped.length,
        duplicates: p.duplicates.length,
      }
      if (plan.matches.length === 0) return ok(report)
      const created = new Map<string, string>()
      for (const np of plan.newPlayers) {
        const { subject } = events.appendNew('player.created', { name: np.name, color: null })
        projector.projectPlayer(subject)
        created.set(np.key, subject)
        report.playersCreated++
      }
      const nextSeq = this.db.prepare<[string], { next: number }>(
        'SELECT coalesce(max(device_seq), 0) + 1 AS next FROM events WHERE device_id = ?',
      )
      const fresh: DomainEvent<'match.recorded'>[] = []
      for (const m of plan.matches) {
        const { deviceId, hlc } = device.stamp()
        const { subject, eventId } = recordedIds(file.value.kind, m.play, deviceId)
        const payload: RecordedPayload = {
          gameId: m.gameId,
          playedAt: m.play.playedAt,
          utcOffset: localOffsetAt(m.play.playedAt),
          seats: m.seats.map((s) => ({
            playerId: 'existing' in s.target ? s.target.existing : (created.get(s.target.create) as string),
            name: s.name,
            score: s.score,
            rank: s.rank,
            winner: s.winner,
          })),
          source: { kind: file.value.kind, id: sourceIdOf(m.play) },
        }
        if (m.play.location)
          payload.location =
            m.play.location.sourceId === undefined
              ? { name: m.play.location.name }
              : { name: m.play.location.name, sourceId: m.play.location.sourceId }
        const e: DomainEvent<'match.recorded'> = {
          id: eventId,
          deviceId,
          deviceSeq: (nextSeq.get(deviceId) as { next: number }).next,
          hlc,
          kind: 'match.recorded',
          v: PAYLOAD_VERSION,
          subject,
          payload,
        }
        // The same checks another laptop makes when this event reaches it (import, club sync).
        const valid = validateEvent(e)
        if (!valid.ok) return err('invalid-rows', `Nothing was imported: ${m.play.label}: ${valid.error.message}.`)
        if (!events.insertRemote(e)) continue
        fresh.push(e)
      }
      // One pass over the summaries at the end, as an import does.
      stats.batch(() => {
        for (const e of fresh) if (projector.projectMatch(e.subject, [e], true)) report.matchesRecorded++
      })
      return ok(report)
    })
  }
}

/** The file's text, decoded as its bytes say (docs/IMPORT.md, "Encodings and separators"). */
function readText(path: string): Result<{ text: string; encoding: TextEncoding }> {
  let bytes: Buffer
  try {
    bytes = readFileSync(path)
  } catch {
    return err('unreadable', 'The file could not be read. Nothing was changed.')
  }
  const decoded = decodeImportBytes(bytes)
  if (!decoded.ok)
    return err(
      'invalid-file',
      `That file is not a BG Stats backup or a CSV file: ${decoded.reason}. A CSV may be UTF-8, UTF-16 with a byte-order mark or Windows-1252 (Latin-1). Nothing was changed.`,
    )
  return ok({ text: decoded.text, encoding: decoded.encoding })
}
