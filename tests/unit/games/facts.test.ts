import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeAction } from '../../../src/shared/games/describe'
import { GAME_FACTS, GAME_IDS } from '../../../src/shared/games/ids'
import { GAME_MODULES } from '../../../src/shared/games/registry'

const DOCS = join(__dirname, '../../../docs/rules')
const names = ['Ana', 'Bo']

describe("each game's facts", () => {
  it('name rule-ID and house-rule prefixes that are distinct and usable in a pattern', () => {
    const prefixes = GAME_IDS.map((g) => GAME_FACTS[g].rules.prefix)
    const house = GAME_IDS.map((g) => GAME_FACTS[g].rules.houseRules)
    for (const p of prefixes) expect(p).toMatch(/^[A-Z]{2}$/)
    for (const h of house) expect(h).toMatch(/^[A-Za-z]+$/)
    expect(new Set(prefixes).size).toBe(GAME_IDS.length)
    expect(new Set(house).size).toBe(GAME_IDS.length)
  })

  it.each(GAME_IDS)('%s: its rules page exists, uses its prefix and names each house rule by its prefix', (id) => {
    const { rules } = GAME_FACTS[id]
    const page = readFileSync(join(DOCS, rules.page), 'utf8')
    expect(page).toMatch(new RegExp(`\\b${rules.prefix}-R[0-9]+\\b`))
    for (const rule of GAME_MODULES[id].houseRules) expect(page, rule.key).toContain(`${rules.houseRules}.${rule.key}`)
  })

  it.each(GAME_IDS)('%s: the engine reads the first-seat option its facts name', (id) => {
    const { firstSeat } = GAME_FACTS[id]
    const engine = GAME_MODULES[id].engine
    expect(engine.setup({ names, [firstSeat]: 1 }).ok).toBe(true)
    // A seat the table does not have is refused under that key, so the key is the engine's own.
    expect(engine.setup({ names, [firstSeat]: 7 }).ok).toBe(false)
  })

  it.each(GAME_IDS)('%s: a whole-round entry exactly when it has a scoresheet, described in its round word', (id) => {
    const { roundEntry, roundWord } = GAME_FACTS[id]
    expect(roundEntry !== null).toBe(GAME_MODULES[id].sheet !== undefined)
    if (roundEntry === null) return
    expect(describeAction(id, { type: roundEntry }, { names, toAct: null, round: 3 })).toBe(`${roundWord} 3`)
  })
})
