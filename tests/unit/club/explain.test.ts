/** The plain-language note beside each rating: what the number is made of, and why someone ranks below a player with a lower win rate. */
import { describe, expect, it } from 'vitest'
import { explain } from '../../../src/core/services/club'
import type { RatingRow } from '../../../src/shared/model/club'

const row = (o: Partial<RatingRow>): RatingRow => ({
  rank: 1,
  playerId: 'p',
  name: 'P',
  rating: 0,
  mu: 25,
  sigma: 8.333,
  elo: 1500,
  matches: 0,
  wins: 0,
  winRate: 0,
  opponentMu: null,
  note: '',
  ...o,
})

describe('why a player ranks where they do', () => {
  it('OpenSkill: the rating is μ − 3σ; a newcomer with a higher win rate sits below a steady regular with a surer rating and stronger opponents', () => {
    const ada = row({ name: 'Ada', mu: 30, sigma: 2, rating: 24, matches: 40, winRate: 0.57, opponentMu: 27 })
    const zoe = row({ name: 'Zoe', mu: 38, sigma: 6, rating: 20, matches: 5, winRate: 0.68, opponentMu: 24 })
    expect(explain('openskill', zoe, ada, 'Nine')).toBe(
      '20.0 = μ 38.0 − 3 × σ 6.0. Only 5 matches of Nine: the band is still wide and the rating can move a lot. ' +
        'Ranked below Ada despite a higher win rate (68% against 57%): Ada’s rating is more certain (σ 2.0 against 6.0, from 40 matches against 5); Ada met stronger opponents (their mean μ 27.0 against 24.0).',
    )
    // No comparison when the player above also has the higher win rate.
    expect(
      explain('openskill', row({ name: 'Bo', rating: 10, mu: 19, sigma: 3, matches: 12, winRate: 0.4 }), ada, 'Nine'),
    ).toBe('10.0 = μ 19.0 − 3 × σ 3.0. 12 matches of Nine: the band has narrowed.')
  })

  it('Elo: the distance from the 1500 start, and the comparison', () => {
    const top = row({ name: 'Ada', rating: 1540, matches: 20, winRate: 0.5, opponentMu: 30 })
    expect(
      explain('elo', row({ name: 'Zoe', rating: 1488, matches: 3, winRate: 0.67, opponentMu: 22 }), top, 'Nine'),
    ).toBe(
      '−12 from the 1500 start over 3 matches. Ranked below Ada despite a higher win rate (67% against 50%): Ada met stronger opponents (their mean μ 30.0 against 22.0).',
    )
  })
})
