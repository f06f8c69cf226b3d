import { describe, expect, it } from 'vitest'
import { GAME_IDS } from '../../src/shared/games/engine'
import { defaultHouseRules, HOUSE_RULES } from '../../src/shared/games/house-rules'
import { ENGINES } from '../../src/shared/games/registry'

const names = (id: string) => (id === 'seven-eight-nine' ? ['Ana', 'Bo'] : ['Ana', 'Bo', 'Cy'])
const rulesOf = (state: unknown): Record<string, unknown> => {
  const s = state as { rules?: Record<string, unknown>; houseRules?: Record<string, unknown> }
  return (s.rules ?? s.houseRules) as Record<string, unknown>
}

describe('house-rule registry', () => {
  it.each(GAME_IDS)('%s: the defaults shown are the engine defaults', (id) => {
    const plain = ENGINES[id].setup({ names: names(id) })
    if (!plain.ok) throw new Error(plain.error.message)
    const engineRules = rulesOf(plain.value)
    for (const rule of HOUSE_RULES[id]) expect(engineRules[rule.key], rule.key).toEqual(rule.default)
  })

  it.each(GAME_IDS)('%s: every choice is accepted by the engine and stored', (id) => {
    for (const rule of HOUSE_RULES[id]) {
      const values = rule.kind === 'choice' ? rule.choices.map((c) => c.value) : [rule.min, rule.max]
      for (const value of values) {
        const r = ENGINES[id].setup({ names: names(id), houseRules: { ...defaultHouseRules(id), [rule.key]: value } })
        expect(r.ok, `${rule.key} = ${String(value)}: ${r.ok ? '' : r.error.message}`).toBe(true)
        if (r.ok) expect(rulesOf(r.value)[rule.key]).toEqual(value)
      }
    }
  })

  it('covers every house rule key of SPEC section 5', () => {
    const keys = Object.entries(HOUSE_RULES).flatMap(([g, rules]) => rules.map((r) => `${g}.${r.key}`))
    expect(keys.sort()).toEqual(
      [
        'ennea.failedLineRemoval',
        'ennea.reshuffleEachRound',
        'wild-nine.cutoff',
        'wild-nine.drawnCardPlay',
        'wild-nine.deadlock',
        'nine.overNineDeclaration',
        'nine.result',
        'nine.snapSource',
        'nine.snapAfterRun',
        'nine.emptyDrawPile',
        'seven-eight-nine.declareGap',
        'seven-eight-nine.blockRequirement',
        'seven-eight-nine.tiebreakCounting',
        'seven-eight-nine.tiebreakHighCard',
        'seven-eight-nine.reactReplacesTurn',
        'seven-eight-nine.reactChain',
        'seven-eight-nine.dealtWin',
      ].sort(),
    )
  })
})
