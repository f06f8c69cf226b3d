import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { STAT_EVENT_NAMES as SCHEMA_5_EVENT_NAMES } from '../../../src/core/db/migrations/v5'
import { describeAction } from '../../../src/shared/games/describe'
import { defaultHouseRules } from '../../../src/shared/games/house-rules'
import { GAME_IDS, GAME_MODULES, isGameId, moduleOf } from '../../../src/shared/games/registry'
import { roundCounters, STAT_EVENT_NAMES } from '../../../src/shared/stats/round-counters'

const seatNames = (n: number): string[] => Array.from({ length: n }, (_, i) => `Player ${i + 1}`)
const modules = GAME_IDS.map((id) => [id, GAME_MODULES[id]] as const)

describe('game registry: one module per game', () => {
  // The per-game tables (GAME_NAMES, ENGINES, SEAT_LIMITS, …) are mapped from these modules by the
  // registry, so checking them against the modules would only repeat the mapping; what a module can
  // get wrong is checked here: a module filed under another game's id, or holding another game's engine.
  it('lists every game once, each under its own id, with its own name and engine', () => {
    expect(GAME_IDS).toEqual(['ennea', 'wild-nine', 'nine', 'seven-eight-nine'])
    for (const [id, m] of modules) {
      expect(m.id).toBe(id)
      expect(m.engine.id).toBe(id)
      expect(Number.isInteger(m.engineVersion) && m.engineVersion >= 1).toBe(true)
    }
    expect(new Set(modules.map(([, m]) => m.name)).size).toBe(modules.length)
    expect(new Set(modules.map(([, m]) => m.engine)).size).toBe(modules.length)
  })

  it('answers an unknown id with nothing', () => {
    expect(isGameId('ennea')).toBe(true)
    expect(isGameId('chess')).toBe(false)
    expect(isGameId('toString')).toBe(false)
    expect(moduleOf('constructor')).toBeNull()
    expect(roundCounters('chess', { ninesLeft: 3 })).toEqual([0, 0, 0, 0, 0, 0])
  })

  it.each(GAME_IDS)('%s: every seat count it allows passes its config schema and starts a match', (id) => {
    const m = GAME_MODULES[id]
    expect(m.seats.min).toBeGreaterThanOrEqual(2)
    expect(m.seats.max).toBeGreaterThanOrEqual(m.seats.min)
    for (let n = m.seats.min; n <= m.seats.max; n++) {
      const config = { names: seatNames(n) }
      expect(v.safeParse(m.configSchema, config).success, `${n} seats`).toBe(true)
      expect(m.engine.setup(config).ok, `${n} seats`).toBe(true)
    }
    expect(m.engine.setup({ names: seatNames(m.seats.max + 1) }).ok).toBe(false)
  })

  it.each(GAME_IDS)(
    '%s: every house rule has a default among its choices that the schema and the engine accept',
    (id) => {
      const m = GAME_MODULES[id]
      const names = seatNames(m.seats.min)
      expect(new Set(m.houseRules.map((r) => r.key)).size).toBe(m.houseRules.length)
      for (const rule of m.houseRules) {
        expect(rule.explanation.length, rule.key).toBeGreaterThan(20)
        if (rule.kind === 'choice')
          expect(
            rule.choices.map((c) => c.value),
            rule.key,
          ).toContain(rule.default)
        else expect(rule.default >= rule.min && rule.default <= rule.max, rule.key).toBe(true)
        const config = { names, houseRules: { [rule.key]: rule.default } }
        expect(v.safeParse(m.configSchema, config).success, rule.key).toBe(true)
        expect(m.engine.setup(config).ok, rule.key).toBe(true)
      }
      expect(m.engine.setup({ names, houseRules: defaultHouseRules(id) }).ok).toBe(true)
    },
  )

  it.each(GAME_IDS)('%s: its action schema refuses what is not an action', (id) => {
    const m = GAME_MODULES[id]
    for (const bad of [null, 'peek', 42, [], { type: 'no-such-action' }])
      expect(v.safeParse(m.actionSchema, bad).success, JSON.stringify(bad)).toBe(false)
  })

  it.each(GAME_IDS)('%s: one name per rule-event counter, in column order, listed once on the Stats screen', (id) => {
    const m = GAME_MODULES[id]
    const names = m.statEvents.map((e) => e.name)
    expect(names.length).toBeGreaterThan(0)
    expect(names.length).toBeLessThanOrEqual(6)
    expect(new Set(names).size).toBe(names.length)
    expect([...m.statEventOrder].sort()).toEqual([...names].sort())
    // e1..e6 by name: the named columns first, the rest unused and always 0
    expect(STAT_EVENT_NAMES[id]).toEqual([...names, ...Array<string>(6 - names.length).fill('')])
    const counters = roundCounters(id, {
      ninesLeft: 2,
      wentOut: true,
      declaredWon: true,
      linesMade: 1,
      calledEnnea: true,
      loss: 1,
      result: 'win',
      ending: 'swap',
    })
    expect(counters).toHaveLength(6)
    expect(counters.slice(names.length).every((c) => c === 0)).toBe(true)
  })

  it('names the rule events as schema 5 did (the names reach the Stats screen and CSV)', () => {
    const shipped: Record<string, readonly string[]> = SCHEMA_5_EVENT_NAMES
    for (const id of GAME_IDS) expect(STAT_EVENT_NAMES[id]).toEqual(shipped[id])
  })

  it('puts each game entry in words, and any other entry in plain words', () => {
    const ctx = { names: ['Ana', 'Bo'], toAct: 1, round: 3 }
    expect(describeAction('ennea', { type: 'stake', seat: 0, cell: 4 }, ctx)).toBe("Ana's stake on R2C2")
    expect(describeAction('wild-nine', { type: 'round' }, ctx)).toBe('Round 3')
    expect(describeAction('nine', { type: 'round' }, ctx)).toBe('Deal 3')
    expect(describeAction('seven-eight-nine', { type: 'flip', card: '7h' }, ctx)).toBe('Bo flips 7H')
    expect(describeAction('nine', { type: 'wave', seat: 0 }, ctx)).toBe('Ana: wave')
    expect(describeAction('ennea', 'junk', ctx)).toBe('Entry')
  })
})
