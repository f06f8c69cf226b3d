/**
 * Export (CSV per table, one full JSON file) and import of a JSON export.
 *
 * The JSON export is the event log itself plus a small manifest: the events are the data, everything
 * else is rebuilt from them. Import validates every event with the same checks as a live call,
 * inserts (in one transaction) the events this computer does not have, and re-projects only what
 * they touch. Importing the same file twice adds nothing and reports nothing. Exports of the first
 * format (rows plus per-match logs) are turned into events by the same frozen migration step that
 * upgrades an old data file, so both give the same event ids (transfer-v1.ts). The CSV export is
 * transfer-csv.ts; this file keeps the JSON export, the import and the import report in words.
 */
import type { Database as Db } from 'better-sqlite3'
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { GAME_NAMES, type GameId } from '../../shared/games/engine'
import { validateEvent } from '../../shared/events/validate'
import { hlcTime } from '../../shared/events/hlc'
import { compareEvents, isMatchKind, isPlayerKind, type DomainEvent } from '../../shared/events/types'
import { err, ok, type Result } from '../../shared/result'
import { userVersion } from '../db/migrate'
import { toEvent, toRow, type EventRow, type EventStore } from '../db/repos/events'
import type { Clock } from '../ids'
import type { Device } from './device'
import type { Projector } from './projector'
import type { StatsProjector } from './stats'
import type { ImportReport } from '../../shared/model/transfer'
import { isClubKind } from '../../shared/events/club'
import { isCut, isDeviceKind } from '../../shared/events/device'
import { loadRemovals, refreshRemovals } from './removals'
import { projectClubSubject } from './club-projector'
import { tableCsv, type CsvTable } from './transfer-csv'
import { EXPORT_FORMAT, EXPORT_VERSION } from './transfer-format'
import { eventsFromV1 } from './transfer-v1'

export type { ImportReport, CsvTable }
export { EXPORT_FORMAT, EXPORT_VERSION }
export { ROUND_DETAIL_COLUMNS } from './transfer-csv'

/**
 * From this many events a synced batch sums the stats once at the end (as an import does); below it,
 * row by row. Re-summing touched players reads all their rows, so doing it per small batch would make
 * a long first sync quadratic.
 */
const SYNC_BATCH_STATS_FROM = 2000

export interface TransferDeps {
  events: EventStore
  device: Device
  projector: Projector
  stats: StatsProjector
}

const Manifest = v.object({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(EXPORT_VERSION),
  events: v.array(v.unknown()),
})

export class TransferService {
  constructor(
    private readonly db: Db,
    private readonly deps: TransferDeps,
    private readonly clock: Clock,
  ) {}

  exportJson(): Result<{ fileName: string; content: string }> {
    const now = this.clock()
    const rows = this.db.prepare('SELECT * FROM events ORDER BY hlc, id').all() as EventRow[]
    const devices: Record<string, number> = {}
    for (const r of rows) devices[r.device_id] = Math.max(devices[r.device_id] ?? 0, r.device_seq)
    const manifest = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      schemaVersion: userVersion(this.db),
      deviceId: this.deps.device.id(),
      eventCount: rows.length,
      devices,
    }
    // Built by hand so each event is one line: a diff of two exports reads event by event.
    const head = JSON.stringify(manifest).slice(0, -1)
    const body = rows.map((r) => JSON.stringify(toEvent(r))).join(',\n')
    return ok({
      fileName: `ninekeeper-export-${now.toISOString().slice(0, 10)}.json`,
      content: `${head},"events":[\n${body}\n]}\n`,
    })
  }

  /** One table as CSV for a spreadsheet (transfer-csv.ts). */
  exportCsv(table: CsvTable): Result<{ fileName: string; content: string }> {
    return tableCsv(this.db, table, this.clock)
  }

  importFile(path: string): Result<ImportReport> {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      return err('unreadable', 'The file could not be read. Nothing was changed.')
    }
    return this.importText(text)
  }

  importText(input: string): Result<ImportReport> {
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      return err('invalid-file', 'That file is not valid JSON, so it is not a Ninekeeper export. Nothing was changed.')
    }
    if (raw === null || typeof raw !== 'object' || (raw as { format?: unknown }).format !== EXPORT_FORMAT) {
      return err(
        'foreign-file',
        'That file is not a Ninekeeper export (it has no "format": "ninekeeper-export"). Nothing was changed.',
      )
    }
    const version = (raw as { version?: unknown }).version
    let events: DomainEvent[]
    if (version === 1) {
      const converted = eventsFromV1(raw)
      if (!converted.ok) return converted
      events = converted.value
    } else if (version === EXPORT_VERSION) {
      const m = v.safeParse(Manifest, raw)
      if (!m.success)
        return err('invalid-file', 'That export is damaged: it has no list of events. Nothing was changed.')
      events = []
      for (const [i, e] of m.output.events.entries()) {
        const checked = validateEvent(e)
        if (!checked.ok)
          return err(
            'invalid-file',
            `That export is damaged at event ${i + 1}: ${checked.error.message}. Nothing was changed.`,
          )
        events.push(checked.value)
      }
    } else {
      return err(
        'unsupported-version',
        `That export uses format version ${String(version)}; this Ninekeeper reads versions 1 and ${EXPORT_VERSION}. Nothing was changed.`,
      )
    }
    try {
      return this.db.transaction(() => this.merge(events)).immediate()
    } catch (e) {
      const m = (e as Error).message
      return err(
        'invalid-file',
        `That export could not be imported: ${m.length > 200 ? `${m.slice(0, 200)}…` : m}. Nothing was changed.`,
      )
    }
  }

  /**
   * Events from the club hub, already checked one by one (club, signature, validateEvent): inserted
   * and projected as an import is, in one transaction that also runs `within` (the sync cursor), so
   * a crash leaves either both or neither. A refused batch (an undo pointing outside its match)
   * changes nothing and runs nothing.
   */
  mergeSynced(events: DomainEvent[], within: (report: ImportReport | null) => void): Result<ImportReport> {
    return this.db
      .transaction(() => {
        const r = this.merge(events, events.length >= SYNC_BATCH_STATS_FROM, 'sync')
        if (r.ok) within(r.value)
        return r
      })
      .immediate()
  }

  /**
   * Takes a laptop out of the club (a `device.removed` event, src/shared/events/device.ts): its
   * events up to the last one this laptop holds still count, none after. One transaction with the
   * projection of what the new cut changes (nothing here, unless an earlier removal is displaced).
   */
  removeDevice(deviceId: string, label: string): Result<DomainEvent<'device.removed'>> {
    const { events: store, projector, device } = this.deps
    return this.db
      .transaction(() => {
        const through = (
          this.db
            .prepare<[string], { n: number }>(
              'SELECT coalesce(max(device_seq), 0) AS n FROM events WHERE device_id = ?',
            )
            .get(deviceId) as { n: number }
        ).n
        const e = store.append('device.removed', deviceId, { through, label })
        const cut = refreshRemovals(this.db, device.id())
        const moved = new Set<string>()
        for (const id of cut.players) for (const m of projector.projectPlayer(id)) moved.add(m)
        for (const id of new Set([...cut.matches, ...projector.matchesOf([...moved])])) projector.projectMatch(id)
        for (const id of cut.club) projectClubSubject(this.db, store, id)
        return ok(e)
      })
      .immediate()
  }

  /** Inserts the events this computer lacks and re-projects what they touch. Runs in the caller's transaction. */
  private merge(events: DomainEvent[], batchStats = true, from: 'file' | 'sync' = 'file'): Result<ImportReport> {
    const report: ImportReport = { playersAdded: 0, matchesAdded: 0, eventsAdded: 0, unchanged: 0, conflicts: [] }
    const { events: store, projector, device, stats } = this.deps
    // Every reference stays inside its own match: an undo or correction that points elsewhere is refused.
    const inFile = new Map(events.map((e) => [e.id, e]))
    for (const e of events) {
      const target = (e.payload as { target?: unknown }).target
      if (!isMatchKind(e.kind) || typeof target !== 'string') continue
      const t = inFile.get(target) ?? store.get(target)
      if (!t || t.subject !== e.subject) {
        const what = `a ${e.kind.replace('match.', '')} event refers to an entry outside its match`
        return from === 'sync'
          ? err('invalid-event', `${what[0]!.toUpperCase()}${what.slice(1)}.`)
          : err('invalid-file', `That export is damaged: ${what}. Nothing was changed.`)
      }
    }
    const kinds = new Map<string, 'player' | 'match'>()
    const fresh: DomainEvent[] = []
    const knownBefore = new Set<string>()
    const existsStmt = this.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM events WHERE subject = ?')
    for (const e of [...events].sort(compareEvents)) {
      if (!kinds.has(e.subject) && !isDeviceKind(e.kind)) {
        kinds.set(e.subject, isPlayerKind(e.kind) ? 'player' : 'match')
        if ((existsStmt.get(e.subject)?.n ?? 0) > 0) knownBefore.add(e.subject)
      }
      if (store.insertRemote(e)) {
        fresh.push(e)
        continue
      }
      const local = store.rawById(e.id)
      if (local && JSON.stringify(toRow(e)) !== JSON.stringify(local)) {
        report.conflicts.push({
          kind: 'event',
          id: e.id,
          message:
            'An event in the file has the same id as one here but different content; this computer’s version was kept.',
        })
      } else report.unchanged++
    }
    report.eventsAdded = fresh.length
    if (fresh.length === 0) return ok(report)
    device.receive(fresh.map((e) => e.hlc))

    const touchedPlayers = new Set<string>()
    const touchedMatches = new Map<string, DomainEvent[]>()
    const touchedClub = new Set<string>()
    // A laptop taken out of the club (src/shared/events/device.ts): new cuts first, so everything
    // projected below already leaves out its later events, and what a moved cut changes is projected again.
    const cut = fresh.some((e) => isDeviceKind(e.kind))
      ? refreshRemovals(this.db, device.id())
      : { players: [], matches: [], club: [] }
    const removals = loadRemovals(this.db)
    const reread = new Set(cut.matches)
    for (const id of cut.players) touchedPlayers.add(id)
    for (const id of cut.club) touchedClub.add(id)
    for (const e of fresh) {
      if (isDeviceKind(e.kind)) continue
      if (isCut(removals, e)) {
        // Kept in the log, never counted; its subject is read back from the store (which leaves it out).
        if (isMatchKind(e.kind)) reread.add(e.subject)
        continue
      }
      if (isPlayerKind(e.kind)) touchedPlayers.add(e.subject)
      else if (isClubKind(e.kind)) touchedClub.add(e.subject)
      else {
        const list = touchedMatches.get(e.subject) ?? []
        list.push(e)
        touchedMatches.set(e.subject, list)
      }
      if (e.kind === 'player.created' && !knownBefore.has(e.subject)) report.playersAdded++
      if ((e.kind === 'match.started' || e.kind === 'match.recorded') && !knownBefore.has(e.subject))
        report.matchesAdded++
    }
    // A big arrival (an import, a first sync) sums the stats once at the end; a few events (a sync
    // while others play) update them row by row, which costs only what arrived.
    const project = (): void => {
      const moved = new Set<string>()
      for (const id of touchedPlayers) for (const m of projector.projectPlayer(id)) moved.add(m)
      const rematch = new Set([...touchedMatches.keys(), ...reread, ...projector.matchesOf([...moved])])
      for (const id of rematch) {
        // A match that is new here has all its events in the file: no need to read them back.
        const own = reread.has(id) ? undefined : touchedMatches.get(id)
        const projected =
          own && !knownBefore.has(id) ? projector.projectMatch(id, own, true) : projector.projectMatch(id)
        if (projected) this.describe(projected, new Set((own ?? []).map((e) => e.id)), report)
      }
    }
    if (batchStats) stats.batch(project)
    else project()
    for (const id of touchedClub) projectClubSubject(this.db, store, id)
    this.sameNames(touchedPlayers, report)
    return ok(report)
  }

  /** Says, per match, what a person needs to know about what the import did to it. */
  private describe(
    m: NonNullable<ReturnType<Projector['projectMatch']>>,
    arrived: Set<string>,
    report: ImportReport,
  ): void {
    const started = m.log.started
    if (!started) return
    if (!m.problem && !m.log.entries.some((e) => e.corrections.length > 1)) return
    const names = this.db
      .prepare<[string], { name: string }>(
        "SELECT coalesce(p.name, 'Unknown player') AS name FROM match_seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat",
      )
      .all(m.id)
      .map((r) => r.name)
    const label = `${GAME_NAMES[started.gameId as GameId] ?? started.gameId}, ${dayLabel(started.at)}, ${names.join(' · ')}`
    const me = this.deps.device.id()
    const where = (deviceId: string, hlc: string): string =>
      `${deviceId === me ? 'this computer' : 'another computer'}, ${hlcTime(hlc).slice(11, 16)} UTC`
    for (const entry of m.log.entries) {
      const devices = new Set(entry.corrections.map((c) => c.deviceId))
      const last = entry.corrections[entry.corrections.length - 1]
      if (devices.size < 2 || !last || !entry.corrections.some((c) => arrived.has(c.id))) continue
      const n = m.log.entries.indexOf(entry) + 1
      report.conflicts.push({
        kind: 'match',
        id: m.id,
        message: `${label}: entry ${n} was corrected differently on two computers; the later correction (${where(last.deviceId, last.hlc)}) now shows. Both are in the match’s history.`,
      })
    }
    if (m.skipped.some((s) => arrived.has(s.eventId) || m.log.entries.some((e) => e.eventId === s.eventId))) {
      report.conflicts.push({
        kind: 'match',
        id: m.id,
        message: `${label}: ${m.problem ?? 'part of its log could not be applied'}`,
      })
    } else if (m.problem) report.conflicts.push({ kind: 'match', id: m.id, message: `${label}: ${m.problem}` })
  }

  /** Two people with one name after an import (each laptop added its own “Zoe”): say so, once. */
  private sameNames(touched: Set<string>, report: ImportReport): void {
    const rows = this.db
      .prepare<[], { id: string; name: string; name_key: string }>(
        `SELECT id, name, name_key FROM players WHERE deleted = 0 AND canonical_id = id AND name_key IN
           (SELECT name_key FROM players WHERE deleted = 0 AND canonical_id = id GROUP BY name_key HAVING count(*) > 1)`,
      )
      .all()
    const byKey = new Map<string, { id: string; name: string }[]>()
    for (const r of rows) byKey.set(r.name_key, [...(byKey.get(r.name_key) ?? []), r])
    for (const list of byKey.values()) {
      const added = list.find((p) => touched.has(p.id))
      if (!added) continue
      report.conflicts.push({
        kind: 'player',
        id: added.id,
        message: `There are now ${list.length} players called “${added.name}” (each computer added its own). If they are the same person, use “Merge into…” on the Players screen.`,
      })
    }
  }
}

function dayLabel(iso: string): string {
  const d = new Date(iso)
  return `${d.getUTCDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()]} ${d.getUTCFullYear()}`
}
