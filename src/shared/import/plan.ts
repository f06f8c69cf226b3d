/**
 * From what an external file says (./source.ts) to what would be written: each source game mapped
 * to one of our four games (by name, ignoring case and spaces, or by the user's choice; unmatched
 * ones are skipped unless chosen), each source player merged by name (ignoring case) with a player
 * on the roster (by the name it has now, else by a name it had before a rename or the name of a
 * player merged into it) or created (the user may rename or map any of them), plays already imported or
 * duplicated in the file left out, and every left-out play listed with its reason. Pure: the caller
 * says which plays are already imported and supplies the roster. See docs/IMPORT.md.
 */
import { GAME_IDS, GAME_NAMES, type GameId } from '../games/engine'
import { mapFacts } from '../games/ids'
import { SEAT_LIMITS } from '../games/registry'
import { playerNameKey, validatePlayerName } from '../model/player'
import {
  gameKey,
  type ExternalKind,
  type FileReading,
  type SourceFile,
  type SourcePlay,
  type SourceProblem,
} from './source'

/** In which direction scores rank players, to place the others when the source gives only winners. */
const LOWER_SCORE_WINS: Record<GameId, boolean> = mapFacts((f) => f.lowerScoreWins)

/**
 * A choice by a name from the file: own keys only, so a game or player called “constructor” or
 * “__proto__” is not read from Object.prototype (a function, or the prototype itself).
 */
function ownKey<T>(choices: Record<string, T> | undefined, key: string): T | undefined {
  return choices !== undefined && Object.hasOwn(choices, key) ? choices[key] : undefined
}

export interface ExternalChoices {
  /** Source game name (as in the file) → one of our games, or 'skip'. */
  games?: Record<string, GameId | 'skip'> | undefined
  /** Source player key (see the preview) → an existing player, or a new player with this name. */
  players?: Record<string, { playerId: string } | { name: string }> | undefined
}

export interface RosterPlayer {
  id: string
  name: string
  archived: boolean
  /**
   * Other names that mean this player (docs/IMPORT.md § What the preview shows): every name it had before a rename, and
   * every name of a player merged into it, each with why it means this player ("Robert was called
   * “Bob”", "“Jonny” was merged into Jonas"). A file written before the rename or the merge uses them.
   */
  otherNames?: readonly { name: string; why: string }[] | undefined
}

export interface PreviewGame {
  /** The game's name in the file. */
  name: string
  plays: number
  gameId: GameId | null
  how: 'name' | 'choice' | 'skipped' | 'unmatched'
}

export interface PreviewPlayer {
  /** The source's key for the player: what a choice names. */
  key: string
  name: string
  /** Plays to import that this player is in. */
  plays: number
  action: 'match' | 'create'
  /** The existing player (action 'match'). */
  playerId: string | null
  /** The name the player has (or will have) here. */
  targetName: string
  how: 'name' | 'choice' | 'new'
  /** Why it matched that player, or why it did not (a former name that several players had). */
  why: string
}

export interface ExternalImportPreview {
  kind: ExternalKind
  games: PreviewGame[]
  players: PreviewPlayer[]
  perGame: { gameId: GameId; plays: number }[]
  toImport: number
  alreadyImported: number
  /** Plays the file holds twice (the same id, or the same game, time, players and scores). */
  duplicates: { label: string; of: string }[]
  skipped: { label: string; reason: string }[]
  /** Rows or choices that stop the import until fixed (bad CSV rows with their line, invalid names). */
  problems: SourceProblem[]
  canApply: boolean
  /** How the file was read: its encoding and, for a CSV, its separator ("UTF-16 LE", "tab"). */
  reading?: FileReading
  /** Where the plays to import were played (BG Stats locations), with how many plays each, by name. */
  locations?: { name: string; plays: number }[]
}

/** What an applied import did. */
export interface ExternalImportReport {
  kind: ExternalKind
  playersCreated: number
  matchesRecorded: number
  alreadyImported: number
  skipped: number
  duplicates: number
}

export interface PlannedSeat {
  /** An existing player's id, or the name key of a player to create. */
  target: { existing: string } | { create: string }
  name: string
  score: number | null
  rank: number
  winner: boolean
}

export interface PlannedMatch {
  play: SourcePlay
  gameId: GameId
  seats: PlannedSeat[]
}

export interface ExternalPlan {
  preview: ExternalImportPreview
  matches: PlannedMatch[]
  /** Players to create, keyed by name key. */
  newPlayers: { key: string; name: string }[]
}

export { gameKey }

const GAME_BY_KEY = new Map<string, GameId>(
  GAME_IDS.flatMap((id) => [[gameKey(GAME_NAMES[id]), id] as [string, GameId], [gameKey(id), id] as [string, GameId]]),
)

export function gameByName(name: string): GameId | null {
  return GAME_BY_KEY.get(gameKey(name)) ?? null
}

/**
 * Ranks and winners for a play's seats: the source's ranks when every seat has one (its winners must
 * be the rank-1 seats), else the winners first and the others placed by score in the game's direction.
 */
export function settleSeats(
  gameId: GameId,
  seats: readonly { score: number | null; rank: number | null; winner: boolean | null }[],
): { ok: true; value: { rank: number; winner: boolean }[] } | { ok: false; reason: string } {
  const n = seats.length
  if (seats.every((s) => s.rank !== null)) {
    if (seats.some((s) => (s.rank as number) > n))
      return { ok: false, reason: `a rank is higher than the number of players (${n})` }
    if (!seats.some((s) => s.rank === 1)) return { ok: false, reason: 'nobody has rank 1' }
    // A winner flag left empty says nothing; one that is set must agree with the rank.
    if (seats.some((s) => (s.winner === true && s.rank !== 1) || (s.winner === false && s.rank === 1)))
      return { ok: false, reason: 'the winners and the players ranked 1 differ' }
    return { ok: true, value: seats.map((s) => ({ rank: s.rank as number, winner: s.rank === 1 })) }
  }
  if (!seats.some((s) => s.winner === true)) return { ok: false, reason: 'nobody is marked as the winner' }
  const winners = seats.filter((s) => s.winner === true).length
  const others = seats.filter((s) => s.winner !== true)
  const scored = others.every((s) => s.score !== null)
  const lower = LOWER_SCORE_WINS[gameId]
  const better = (a: number, b: number): boolean => (lower ? a < b : a > b)
  return {
    ok: true,
    value: seats.map((s) => {
      if (s.winner === true) return { rank: 1, winner: true }
      if (!scored) return { rank: winners + 1, winner: false }
      const ahead = others.filter((o) => better(o.score as number, s.score as number)).length
      return { rank: winners + 1 + ahead, winner: false }
    }),
  }
}

/** A play's content, to find the same play without an id twice in one file (a play with an id is that play). */
function contentOf(p: SourcePlay): string {
  return JSON.stringify([
    p.playedAt,
    gameKey(p.gameName),
    [...p.seats].map((s) => [playerNameKey(s.name), s.score, s.rank, s.winner]).sort(),
  ])
}

export function planImport(
  file: SourceFile,
  roster: readonly RosterPlayer[],
  choices: ExternalChoices,
  isImported: (play: SourcePlay) => boolean,
): ExternalPlan {
  const problems: SourceProblem[] = [...file.problems]
  const skipped: ExternalImportPreview['skipped'] = []
  const duplicates: ExternalImportPreview['duplicates'] = []
  let alreadyImported = 0

  // Games: by name, or by choice; counted over every play of the file that names them.
  const games = new Map<string, PreviewGame>()
  for (const p of file.plays) {
    if (!p.gameName) continue
    let g = games.get(p.gameName)
    if (!g) {
      const chosen = ownKey(choices.games, p.gameName)
      const byName = gameByName(p.gameName)
      g =
        chosen === 'skip'
          ? { name: p.gameName, plays: 0, gameId: null, how: 'skipped' }
          : chosen
            ? { name: p.gameName, plays: 0, gameId: chosen, how: 'choice' }
            : byName
              ? { name: p.gameName, plays: 0, gameId: byName, how: 'name' }
              : { name: p.gameName, plays: 0, gameId: null, how: 'unmatched' }
      games.set(p.gameName, g)
    }
    g.plays++
  }

  const rosterByKey = new Map<string, RosterPlayer>()
  for (const r of roster) if (!rosterByKey.has(playerNameKey(r.name))) rosterByKey.set(playerNameKey(r.name), r)
  const rosterById = new Map(roster.map((r) => [r.id, r]))
  // Former names and merged players' names, by key: the players each one means (a name may have been several players').
  const otherByKey = new Map<string, { id: string; why: string }[]>()
  for (const r of roster)
    for (const o of r.otherNames ?? []) {
      const key = playerNameKey(o.name)
      const list = otherByKey.get(key) ?? []
      if (!list.some((x) => x.id === r.id)) list.push({ id: r.id, why: o.why })
      otherByKey.set(key, list)
    }

  // Each source player's target here, decided once.
  const targets = new Map<
    string,
    {
      target: PlannedSeat['target']
      targetName: string
      how: PreviewPlayer['how']
      why: string
      playerId: string | null
      problem: string | null
    }
  >()
  const targetOf = (key: string, name: string) => {
    const known = targets.get(key)
    if (known) return known
    const choice = ownKey(choices.players, key)
    let t: NonNullable<ReturnType<typeof targets.get>>
    if (choice && 'playerId' in choice) {
      const r = rosterById.get(choice.playerId)
      t = r
        ? {
            target: { existing: r.id },
            targetName: r.name,
            how: 'choice',
            why: 'chosen in the preview',
            playerId: r.id,
            problem: null,
          }
        : {
            target: { create: '' },
            targetName: name,
            how: 'choice',
            why: 'chosen in the preview',
            playerId: null,
            problem: `the player chosen for “${name}” is not on the roster any more`,
          }
    } else {
      const wanted = choice && 'name' in choice ? choice.name : name
      const valid = validatePlayerName(wanted)
      const how: PreviewPlayer['how'] = choice ? 'choice' : 'new'
      if (!valid.ok)
        t = {
          target: { create: '' },
          targetName: wanted,
          how,
          why: '',
          playerId: null,
          problem: `player “${name.slice(0, 60)}”: ${valid.error.message} Rename it or choose an existing player.`,
        }
      else {
        const wantedKey = playerNameKey(valid.value)
        // A name a player has now wins; else a name a player had, or a merged player's name, if only one player had it.
        const r = rosterByKey.get(wantedKey)
        const other = r ? undefined : otherByKey.get(wantedKey)
        const alias = other?.length === 1 ? other[0] : undefined
        const found = r ?? (alias ? rosterById.get(alias.id) : undefined)
        t = found
          ? {
              target: { existing: found.id },
              targetName: found.name,
              how: choice ? 'choice' : 'name',
              why: alias ? alias.why : `named “${found.name}” here`,
              playerId: found.id,
              problem: null,
            }
          : {
              target: { create: wantedKey },
              targetName: valid.value,
              how,
              why:
                other && other.length > 1
                  ? `“${valid.value}” was a name of ${other.length} players here (${other
                      .map((o) => rosterById.get(o.id)?.name ?? '')
                      .join(', ')}): a new player unless you choose one`
                  : choice
                    ? 'a new player with the name chosen in the preview'
                    : `no player here has or had the name “${valid.value}”`,
              playerId: null,
              problem: null,
            }
      }
    }
    targets.set(key, t)
    return t
  }

  const matches: PlannedMatch[] = []
  const seenIds = new Map<string, string>()
  const seenContent = new Map<string, string>()
  const used = new Map<string, { name: string; plays: number }>()
  const locationProblems = new Set<string>()
  const locations = new Map<string, number>()
  for (const play of file.plays) {
    if (play.skip) {
      skipped.push({ label: play.label, reason: play.skip })
      continue
    }
    const game = games.get(play.gameName)
    if (!game || game.gameId === null) {
      skipped.push({
        label: play.label,
        reason:
          game?.how === 'skipped'
            ? `the game “${play.gameName}” is skipped`
            : `the game “${play.gameName}” is not one of Ninekeeper's games (choose one in the preview to import it)`,
      })
      continue
    }
    // A play with an id is that play: only the same id again is a duplicate, however alike two plays
    // look (three quick plays of one game in one minute with one winner are three plays). Content
    // decides only for a play without an id (docs/IMPORT.md).
    const dupId = seenIds.get(play.sourceId)
    const content = play.contentId ? contentOf(play) : null
    const dupContent = content === null ? undefined : seenContent.get(content)
    if (dupId !== undefined || dupContent !== undefined) {
      duplicates.push({ label: play.label, of: (dupId ?? dupContent) as string })
      continue
    }
    seenIds.set(play.sourceId, play.label)
    if (content !== null) seenContent.set(content, play.label)
    if (isImported(play)) {
      alreadyImported++
      continue
    }
    const gameId = game.gameId
    const limits = SEAT_LIMITS[gameId]
    if (play.seats.length < limits.min || play.seats.length > limits.max) {
      const range = limits.min === limits.max ? `exactly ${limits.min}` : `${limits.min} to ${limits.max}`
      skipped.push({
        label: play.label,
        reason: `${GAME_NAMES[gameId]} is played by ${range} players; this play has ${play.seats.length}`,
      })
      continue
    }
    const settled = settleSeats(gameId, play.seats)
    if (!settled.ok) {
      skipped.push({ label: play.label, reason: settled.reason })
      continue
    }
    const seats = play.seats.map((s, i) => {
      const t = targetOf(s.playerKey, s.name)
      const r = settled.value[i] as { rank: number; winner: boolean }
      return {
        t,
        seat: { target: t.target, name: t.targetName, score: s.score, rank: r.rank, winner: r.winner } as PlannedSeat,
        source: s,
      }
    })
    // A player whose name is refused has no target yet: it is reported as a problem, never taken for another seat's player.
    const who = seats.map((s) =>
      s.t.problem
        ? `problem:${s.source.playerKey}`
        : 'existing' in s.seat.target
          ? `id:${s.seat.target.existing}`
          : `new:${s.seat.target.create}`,
    )
    if (new Set(who).size !== who.length) {
      skipped.push({ label: play.label, reason: 'two of its players are the same player here' })
      continue
    }
    for (const s of seats) {
      const u = used.get(s.source.playerKey) ?? { name: s.source.name, plays: 0 }
      u.plays++
      used.set(s.source.playerKey, u)
    }
    matches.push({ play, gameId, seats: seats.map((s) => s.seat) })
    if (play.locationProblem && !locationProblems.has(play.locationProblem)) {
      locationProblems.add(play.locationProblem)
      problems.push({ reason: play.locationProblem })
    }
    if (play.location) locations.set(play.location.name, (locations.get(play.location.name) ?? 0) + 1)
  }

  const players: PreviewPlayer[] = []
  const newPlayers = new Map<string, string>()
  for (const [key, u] of used) {
    const t = targets.get(key)
    if (!t) continue
    if (t.problem) problems.push({ reason: t.problem })
    if ('create' in t.target && t.target.create && !newPlayers.has(t.target.create))
      newPlayers.set(t.target.create, t.targetName)
    players.push({
      key,
      name: u.name,
      plays: u.plays,
      action: t.playerId ? 'match' : 'create',
      playerId: t.playerId,
      targetName: t.targetName,
      how: t.how,
      why: t.why,
    })
  }
  players.sort((a, b) => a.name.localeCompare(b.name))

  const perGame = GAME_IDS.map((gameId) => ({
    gameId,
    plays: matches.filter((m) => m.gameId === gameId).length,
  })).filter((g) => g.plays > 0)
  return {
    preview: {
      kind: file.kind,
      games: [...games.values()].sort((a, b) => b.plays - a.plays || a.name.localeCompare(b.name)),
      players,
      perGame,
      toImport: matches.length,
      alreadyImported,
      duplicates,
      skipped,
      problems,
      canApply: problems.length === 0 && matches.length > 0,
      locations: [...locations]
        .map(([name, plays]) => ({ name, plays }))
        .sort((a, b) => b.plays - a.plays || a.name.localeCompare(b.name)),
    },
    matches,
    newPlayers: [...newPlayers].map(([key, name]) => ({ key, name })),
  }
}
