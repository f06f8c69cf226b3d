/**
 * BG Stats' JSON backup (the "Export / Backup" file of the BG Stats app). Only this subset is read
 * (docs/IMPORT.md); every other field is ignored:
 *
 * - `players[]`: `id` (number), `name`;
 * - `games[]`: `id` (number), `name` (`bggId` and the rest are ignored);
 * - `plays[]`: `uuid` (the play's own id), `playDate` ("yyyy-mm-dd hh:mm:ss", local time), `gameRefId`,
 *   `ignored` (true: the user left it out of their stats), `playerScores[]`;
 * - `playerScores[]`: `playerRefId`, `score` (text or number, may be empty), `winner`, `rank`
 *   (0 or absent when not set);
 * - `locations[]`: `id`, `name`, and a play's `locationRefId` naming one: where it was played. A
 *   location name follows the venue rule (src/shared/model/venue.ts); a bad one, or a play naming a
 *   location the list lacks, is a problem that stops the import when that play is imported.
 *
 * A file that is not JSON, or has no `plays` list, is refused as a whole; a play that cannot be read
 * is skipped with the reason (the rest of the file still imports).
 */
import { validateVenue } from '../model/venue'
import { gameKey, localDateTime, readScore, type SourceFile, type SourcePlay, type SourceSeat } from './source'

/** Control and text-direction characters, which a message shows by their code. */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
/** A name as a message may quote it: its first 60 characters, a control or direction character written as its code. */
const shown = (name: string): string =>
  name.slice(0, 60).replace(UNSHOWABLE, (c) => `‹U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}›`)
const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x)

/** Whether parsed JSON looks like a BG Stats backup (what the preview uses to pick the parser). */
export function looksLikeBgStats(raw: unknown): boolean {
  return isObj(raw) && Array.isArray(raw.plays) && (Array.isArray(raw.players) || Array.isArray(raw.games))
}

export function parseBgStats(raw: unknown): { ok: true; value: SourceFile } | { ok: false; reason: string } {
  if (!isObj(raw)) return { ok: false, reason: 'it is not a BG Stats backup (the top level is not an object)' }
  if (!Array.isArray(raw.plays)) return { ok: false, reason: 'it is not a BG Stats backup (it has no "plays" list)' }
  const players = new Map<string, string>()
  for (const p of Array.isArray(raw.players) ? raw.players : []) {
    if (isObj(p) && (typeof p.id === 'number' || typeof p.id === 'string') && typeof p.name === 'string')
      players.set(String(p.id), p.name)
  }
  const games = new Map<string, string>()
  for (const g of Array.isArray(raw.games) ? raw.games : []) {
    if (isObj(g) && (typeof g.id === 'number' || typeof g.id === 'string') && typeof g.name === 'string')
      games.set(String(g.id), g.name)
  }
  const out: SourceFile = { kind: 'bg-stats', plays: [], problems: [] }
  // Each location is checked once, when a play names it.
  const locationNames = new Map<string, string>()
  for (const l of Array.isArray(raw.locations) ? raw.locations : []) {
    if (isObj(l) && (typeof l.id === 'number' || typeof l.id === 'string') && typeof l.name === 'string')
      locationNames.set(String(l.id), l.name)
  }
  const locations = new Map<string, { name: string; sourceId: string } | string>()
  /** The play's location, or why it cannot be kept (each location is checked once). */
  const locationOf = (ref: unknown): { name: string; sourceId: string } | string | undefined => {
    if (ref === undefined || ref === null || ref === 0 || ref === '') return undefined
    if (typeof ref !== 'number' && typeof ref !== 'string') return 'its locationRefId is not an id'
    const key = String(ref).slice(0, 100)
    let l = locations.get(key)
    if (l === undefined) {
      const name = locationNames.get(key)
      const valid = name === undefined ? null : validateVenue(name)
      l =
        name === undefined || valid === null
          ? `its location (id ${key}) is not in the file's list of locations`
          : valid.ok
            ? { name: valid.value, sourceId: key }
            : `the location “${shown(name)}” (id ${key}) cannot be kept: ${valid.error.message.replace(/^A venue/, 'a location name')}`
      locations.set(key, l)
    }
    return l
  }
  for (const [i, p] of raw.plays.entries()) {
    const n = i + 1
    if (!isObj(p)) {
      out.problems.push({ reason: `play ${n} is not an object` })
      continue
    }
    const date = typeof p.playDate === 'string' ? p.playDate.trim() : ''
    const [d = '', t = '00:00:00'] = date.split(/[ T]/)
    const playedAt = localDateTime(d, t)
    const gameName = games.get(String(p.gameRefId)) ?? ''
    const label = `play ${n} (${playedAt ? playedAt.slice(0, 16).replace('T', ' ') : date || 'no date'}, ${gameName || 'unknown game'})`
    const play: SourcePlay = {
      sourceId: typeof p.uuid === 'string' && p.uuid.trim() !== '' ? `uuid:${p.uuid.trim().slice(0, 150)}` : '',
      contentId: false,
      label,
      gameName,
      playedAt: playedAt ?? '',
      seats: [],
      skip: null,
    }
    const skip = (reason: string): void => {
      if (play.skip === null) play.skip = reason
    }
    if (p.ignored === true) skip('it is marked “ignored” in BG Stats')
    else {
      const l = locationOf(p.locationRefId)
      // A bad name is one problem however many plays name it; a missing or broken reference is the play's.
      if (typeof l === 'string') play.locationProblem = l.startsWith('the location ') ? l : `${label}: ${l}`
      else if (l) play.location = l
    }
    if (!playedAt) skip(`its date “${date.slice(0, 30)}” is not a date and time`)
    if (!gameName) skip(`its game (id ${String(p.gameRefId)}) is not in the file's list of games`)
    const scores = Array.isArray(p.playerScores) ? p.playerScores : []
    if (scores.length === 0) skip('it has no players')
    for (const s of scores) {
      if (!isObj(s)) {
        skip('one of its players is not an object')
        continue
      }
      const key = String(s.playerRefId)
      const name = players.get(key)
      if (name === undefined) {
        skip(`one of its players (id ${key}) is not in the file's list of players`)
        continue
      }
      const score = readScore(s.score)
      if (!score.ok) skip(`${name}: ${score.reason}`)
      const rank = typeof s.rank === 'number' && Number.isInteger(s.rank) && s.rank >= 1 ? s.rank : null
      const seat: SourceSeat = {
        playerKey: key,
        name,
        score: score.ok ? score.value : null,
        rank,
        winner: typeof s.winner === 'boolean' ? s.winner : null,
      }
      play.seats.push(seat)
    }
    if (!play.sourceId) {
      // No uuid (older files): the play's content is its identity.
      play.contentId = true
      play.sourceId = JSON.stringify([
        play.playedAt,
        gameKey(gameName),
        play.seats.map((s) => [s.playerKey, s.score, s.rank, s.winner]),
      ])
    }
    out.plays.push(play)
  }
  return { ok: true, value: out }
}
