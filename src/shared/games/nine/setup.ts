/**
 * Nine: the match settings. The config passes its schema (schema.ts), then the checks that depend on the
 * table (seat count, first dealer, starting totals, house rules) turn it into the starting state.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { isInt, isPlainObject } from '../../util'
import { parseNineConfig } from './schema'
import { NINE_MESSAGES, showValue } from './scoring'
import {
  NINE_DEFAULT_RULES,
  NINE_LIMIT,
  NINE_MAX_PLAYERS,
  NINE_MIN_PLAYERS,
  NINE_RESET_FROM,
  NINE_RULE_VALUES,
  type NineHouseRules,
  type NineState,
} from './types'

export function readNineHouseRules(raw: unknown): Result<NineHouseRules> {
  const rules: NineHouseRules = { ...NINE_DEFAULT_RULES }
  if (raw === undefined || raw === null) return ok(rules)
  if (!isPlainObject(raw))
    return err('invalid-house-rule', 'The house rules must be a set of named options.', 'houseRules')
  const seen = new Set<string>()
  for (const k of Object.keys(raw)) {
    const key = k.startsWith('nine.') ? k.slice(5) : k
    if (!Object.prototype.hasOwnProperty.call(NINE_RULE_VALUES, key)) {
      return err('unknown-house-rule', `Nine has no house rule "${k}".`, `houseRules.${k}`)
    }
    const rk = key as keyof NineHouseRules
    const value = raw[k]
    if (value === undefined) continue
    const allowed = NINE_RULE_VALUES[rk] as readonly string[]
    if (typeof value !== 'string' || !allowed.includes(value)) {
      return err(
        'invalid-house-rule',
        `The house rule ${key} is ${allowed.join(' or ')}, not ${showValue(value)}.`,
        `houseRules.${k}`,
      )
    }
    if (seen.has(rk) && rules[rk] !== value) {
      return err('invalid-house-rule', `The house rule ${key} is given twice with different values.`, `houseRules.${k}`)
    }
    seen.add(rk)
    ;(rules as unknown as Record<string, string>)[rk] = value
  }
  return ok(rules)
}

/** The starting state of a match, or why these settings are refused. */
export function setupNine(raw: unknown): Result<NineState> {
  const parsed = parseNineConfig(raw)
  if (!parsed.ok) return parsed
  const config = parsed.value
  let players: unknown[]
  if (config.names !== undefined) {
    if (!Array.isArray(config.names)) return err('invalid-name', 'The player names must be a list.', 'names')
    players = config.names
    if (Array.isArray(config.players) || (config.players !== undefined && config.players !== players.length)) {
      return err(
        'invalid-player-count',
        `${players.length === 1 ? '1 name was' : `${players.length} names were`} given for ${showValue(config.players)} players.`,
        'players',
      )
    }
  } else if (Array.isArray(config.players)) {
    players = config.players
  } else if (isInt(config.players, NINE_MIN_PLAYERS, NINE_MAX_PLAYERS)) {
    players = new Array<string>(config.players).fill('')
  } else {
    return err('invalid-player-count', NINE_MESSAGES.players, 'players')
  }
  if (players.length < NINE_MIN_PLAYERS || players.length > NINE_MAX_PLAYERS) {
    return err('invalid-player-count', NINE_MESSAGES.players, 'players')
  }
  const n = players.length
  const names: string[] = []
  for (let s = 0; s < n; s++) {
    const p = players[s] as unknown
    if (typeof p !== 'string') return err('invalid-name', `Seat ${s + 1}'s name must be text.`, `names.${s}`)
    names.push(p.trim() === '' ? `P${s + 1}` : p.trim())
  }
  const seen = new Map<string, number>()
  for (let s = 0; s < n; s++) {
    const key = (names[s] as string).toLowerCase()
    if (seen.has(key)) {
      return err(
        'duplicate-name',
        `Two seats are named ${names[s] as string}; give each player a different name.`,
        `names.${s}`,
      )
    }
    seen.set(key, s)
  }
  let dealer = 0
  if (config.firstDealer !== undefined) {
    if (!isInt(config.firstDealer, 0, n - 1)) {
      return err('invalid-dealer', `The first dealer must be one of the ${n} seats.`, 'firstDealer')
    }
    dealer = config.firstDealer
  }
  const rules = readNineHouseRules(config.houseRules)
  if (!rules.ok) return rules
  let totals = new Array<number>(n).fill(0)
  if (config.startTotals !== undefined) {
    const st = config.startTotals
    if (!Array.isArray(st) || st.length !== n) {
      return err('invalid-start-totals', `Give a starting total for each of the ${n} players.`, 'startTotals')
    }
    totals = []
    for (let s = 0; s < n; s++) {
      const t = st[s] as unknown
      if (!isInt(t, 0, NINE_LIMIT - 1) || t === NINE_RESET_FROM) {
        return err(
          'invalid-start-totals',
          `A starting total is a whole number from 0 to 98 and never 90 (90 goes back to 45); ${names[s] as string} has ${showValue(t)}.`,
          `startTotals.${s}`,
        )
      }
      totals.push(t)
    }
  }
  return ok({
    names,
    rules: rules.value,
    phase: 'round-entry',
    round: 1,
    dealer,
    totals,
    rounds: [],
    live: null,
    losers: [],
    winners: [],
  })
}
