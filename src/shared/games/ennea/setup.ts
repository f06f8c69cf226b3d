/**
 * Ennea: starting a match (the config passes its schema first, schema.ts) and starting each round.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { parseEnneaConfig } from './schema'
import { isInt } from '../../util'
import { defaultSeatName, MSG, START_CUBES } from './format'
import { checkRemovalRule } from './resolve'
import type { EnneaConfig, EnneaHouseRules, EnneaState } from './types'

/** Cells of the 3 × 3 grid. */
export const GRID_SIZE = 9

export const DEFAULT_COLOURS: readonly string[] = ['red', 'blue', 'green', 'yellow']
export const DEFAULT_HOUSE_RULES: EnneaHouseRules = { failedLineRemoval: 'STRICT', reshuffleEachRound: false }

function nameOf(state: EnneaState, seat: number): string {
  return state.names[seat] ?? defaultSeatName(seat)
}

export function firstWithCubes(pools: readonly number[], from: number): number | null {
  const n = pools.length
  for (let k = 0; k < n; k++) {
    const s = (from + k) % n
    if ((pools[s] ?? 0) > 0) return s
  }
  return null
}

export function emptyCells(): number[][] {
  return Array.from({ length: GRID_SIZE }, () => [])
}

/** Starts `round` with the given totals: pools = totals, nothing staked or set aside. */
export function startRound(base: EnneaState, round: number, totals: number[]): EnneaState {
  const n = totals.length
  const starter = (base.firstStarter + round - 1) % n
  const pools = totals.slice()
  const toAct = firstWithCubes(pools, starter)
  const log: string[] = []
  if (toAct !== null && toAct !== starter) {
    log.push(`${nameOf(base, starter)} has no cubes; ${nameOf(base, toAct)} starts instead (EN-A19).`)
  }
  if (toAct === null) log.push('Nobody has cubes left: reveal the grid at once.')
  return {
    ...base,
    round,
    phase: toAct === null ? 'reveal' : 'turns',
    starter,
    toAct,
    totals,
    pools,
    setAside: new Array<number>(n).fill(0),
    cells: emptyCells(),
    peeks: [],
    caller: null,
    finalQueue: [],
    log,
  }
}

/** The starting state of a match, or why these settings are refused. */
export function setupEnnea(config: EnneaConfig): Result<EnneaState> {
  const parsed = parseEnneaConfig(config)
  if (!parsed.ok) return parsed
  const cfg = parsed.value
  const n = cfg.names.length
  const names = cfg.names.map((name, s) => {
    const trimmed = typeof name === 'string' ? name.trim() : ''
    return trimmed === '' ? defaultSeatName(s) : trimmed
  })
  const rawColours: unknown = cfg.colours
  let colours: string[]
  if (rawColours === undefined || rawColours === null) {
    colours = DEFAULT_COLOURS.slice(0, n)
  } else {
    if (!Array.isArray(rawColours) || rawColours.length !== n) {
      return err('invalid-colours', `Give each of the ${n} players a cube colour.`, 'colours')
    }
    colours = []
    for (let s = 0; s < n; s++) {
      const c: unknown = rawColours[s]
      if (typeof c !== 'string' || c.trim() === '') {
        return err('invalid-colours', `${names[s] ?? defaultSeatName(s)} needs a cube colour.`, `colours.${s}`)
      }
      const key = c.trim().toLowerCase()
      if (colours.some((o) => o.toLowerCase() === key)) return err('duplicate-colour', MSG.colours, `colours.${s}`)
      colours.push(c.trim())
    }
  }
  const rawStarter: unknown = cfg.starter
  let firstStarter = 0
  if (rawStarter !== undefined && rawStarter !== null) {
    if (!isInt(rawStarter, 0, n - 1)) {
      return err(
        'invalid-starter',
        `The round-1 starting player must be one of the ${n} seats (0 to ${n - 1}).`,
        'starter',
      )
    }
    firstStarter = rawStarter
  }
  const rawRules = cfg.houseRules
  const houseRules: EnneaHouseRules = { ...DEFAULT_HOUSE_RULES }
  if (rawRules !== undefined && rawRules !== null) {
    const rule = checkRemovalRule(rawRules)
    if (!rule.ok) return rule
    houseRules.failedLineRemoval = rule.value
    if (typeof rawRules.reshuffleEachRound === 'boolean') houseRules.reshuffleEachRound = rawRules.reshuffleEachRound
  }
  const base: EnneaState = {
    game: 'ennea',
    names,
    colours,
    houseRules,
    firstStarter,
    round: 1,
    phase: 'turns',
    starter: firstStarter,
    toAct: firstStarter,
    totals: [],
    pools: [],
    setAside: [],
    cells: emptyCells(),
    peeks: [],
    caller: null,
    finalQueue: [],
    log: [],
    rounds: [],
  }
  return ok(startRound(base, 1, new Array<number>(n).fill(START_CUBES)))
}
