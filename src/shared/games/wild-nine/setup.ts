/**
 * Wild Nine: the match settings. The config passes its schema (schema.ts), then the checks that depend on
 * the table (seat count, first dealer, house rules, starting totals) turn it into the starting state.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { parseWildNineConfig } from './schema'
import { isPlainObject } from '../../util'
import { seatName } from '../seats'
import { DEFAULT_CUTOFF, PLAYERS_MESSAGE, WILD_NINE_MAX_PLAYERS, WILD_NINE_MIN_PLAYERS } from './scoring'
import type { DeadlockRule, DrawnCardPlay, WildNineConfig, WildNineRules, WildNineState } from './types'

import { isInt } from './helpers'

const MAX_CUTOFF = 1_000_000_000
const DRAWN_CARD_PLAY: readonly DrawnCardPlay[] = ['OPTIONAL', 'MANDATORY']
const DEADLOCK: readonly DeadlockRule[] = ['CIRCUIT_WITHOUT_PLAY', 'NO_STOCK_ONLY']

function readRules(raw: unknown): Result<WildNineRules> {
  const rules: WildNineRules = { cutoff: DEFAULT_CUTOFF, drawnCardPlay: 'OPTIONAL', deadlock: 'CIRCUIT_WITHOUT_PLAY' }
  if (raw === undefined || raw === null) return ok(rules)
  if (!isPlainObject(raw)) return err('invalid-config', 'House rules must be a set of named options.', 'houseRules')
  const cutoff = raw['cutoff']
  if (cutoff !== undefined) {
    if (!isInt(cutoff, 1, MAX_CUTOFF))
      return err('invalid-config', `The cutoff must be a whole number from 1 to ${MAX_CUTOFF}.`, 'houseRules.cutoff')
    rules.cutoff = cutoff
  }
  const drawn = raw['drawnCardPlay'] ?? raw['wildNine.drawnCardPlay']
  if (drawn !== undefined) {
    if (!DRAWN_CARD_PLAY.includes(drawn as DrawnCardPlay)) {
      return err('invalid-config', 'Playing a drawn card must be OPTIONAL or MANDATORY.', 'houseRules.drawnCardPlay')
    }
    rules.drawnCardPlay = drawn as DrawnCardPlay
  }
  const dead = raw['deadlock'] ?? raw['wildNine.deadlock']
  if (dead !== undefined) {
    if (!DEADLOCK.includes(dead as DeadlockRule)) {
      return err(
        'invalid-config',
        'The deadlock rule must be CIRCUIT_WITHOUT_PLAY or NO_STOCK_ONLY.',
        'houseRules.deadlock',
      )
    }
    rules.deadlock = dead as DeadlockRule
  }
  return ok(rules)
}

/** The starting state of a match, or why these settings are refused. */
export function setupWildNine(raw: WildNineConfig): Result<WildNineState> {
  const parsed = parseWildNineConfig(raw)
  if (!parsed.ok) return parsed
  const config = parsed.value
  const rawNames: unknown = config.names
  const rawPlayers: unknown = config.players
  let players: number
  if (rawNames !== undefined && rawNames !== null) {
    if (!Array.isArray(rawNames)) return err('invalid-config', 'Player names must be a list.', 'names')
    if (rawNames.length < WILD_NINE_MIN_PLAYERS || rawNames.length > WILD_NINE_MAX_PLAYERS)
      return err('invalid-players', PLAYERS_MESSAGE, 'names')
    for (let i = 0; i < rawNames.length; i++) {
      const v: unknown = rawNames[i]
      if (v !== undefined && v !== null && typeof v !== 'string')
        return err('invalid-config', `Player ${i + 1}'s name must be text.`, `names.${i}`)
      if (typeof v === 'string' && v.length > 100)
        return err('invalid-config', `Player ${i + 1}'s name is too long (100 characters at most).`, `names.${i}`)
    }
    players = rawNames.length
    if (rawPlayers !== undefined && rawPlayers !== players) {
      return err('invalid-config', `${players} names are given for ${String(rawPlayers)} players.`, 'players')
    }
  } else {
    if (!isInt(rawPlayers, WILD_NINE_MIN_PLAYERS, WILD_NINE_MAX_PLAYERS))
      return err('invalid-players', PLAYERS_MESSAGE, 'players')
    players = rawPlayers
  }
  const given = Array.isArray(rawNames)
    ? (rawNames as unknown[]).map((v) => (typeof v === 'string' ? v.trim() : ''))
    : []
  const names = Array.from({ length: players }, (_, i) => seatName(given, i))
  const fd: unknown = config.firstDealer ?? 0
  if (!isInt(fd, 0, players - 1))
    return err('invalid-config', `The first dealer must be one of the ${players} seats.`, 'firstDealer')
  const rules = readRules(config.houseRules)
  if (!rules.ok) return rules
  const st: unknown = config.startTotals
  let startTotals = names.map(() => 0)
  if (st !== undefined && st !== null) {
    if (!Array.isArray(st) || st.length !== players || !st.every((t) => isInt(t, 0, rules.value.cutoff - 1))) {
      return err(
        'invalid-config',
        `Starting totals need one whole number per player, from 0 to ${rules.value.cutoff - 1} (below the cutoff).`,
        'startTotals',
      )
    }
    startTotals = (st as number[]).slice()
  }
  return ok({
    game: 'wild-nine',
    names,
    rules: rules.value,
    firstDealer: fd,
    startTotals,
    dealer: fd,
    totals: startTotals.slice(),
    rounds: [],
    live: null,
    over: false,
    winners: [],
    last: '',
  })
}
