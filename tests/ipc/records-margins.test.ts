/**
 * records:get margins by the game's own direction (docs/ARCHITECTURE.md § Records): in Ennea the
 * higher score wins (winner − best other), in Nine the lower (best other − winner); a shared win has
 * no margin. Results imported from a CSV file, as a club brings its paper history in.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { ClubRecords } from '../../src/shared/model/records'
import { tempCore } from '../helpers/tmp'

const cores: ReturnType<typeof tempCore>[] = []
afterEach(() => {
  for (const c of cores.splice(0)) c.cleanup()
})
type Core = ReturnType<typeof tempCore>
async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

async function importCsv(core: Core, rows: string[]): Promise<void> {
  const bytes = Buffer.from(['date\ttime\tgame\tplayer\tscore\twinner\tmatch', ...rows].join('\n'))
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
    purpose: 'external',
    size: bytes.length,
  })
  await call(core, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
  await call(core, 'import:external-apply', { uploadId })
}

describe('records:get margins', () => {
  it('follow each game’s direction; a shared win has none; the earlier of equal margins holds the record', async () => {
    const core = tempCore()
    cores.push(core)
    await importCsv(core, [
      // Ennea, higher wins: 7 against 5 is 2; 4 against 0 is 4 (the record); a shared 6 has none.
      '2024-03-07\t20:00\tEnnea\tAna\t7\tyes\te1',
      '2024-03-07\t20:00\tEnnea\tBo\t3\tno\te1',
      '2024-03-07\t20:00\tEnnea\tCy\t5\tno\te1',
      '2024-03-14\t20:00\tEnnea\tAna\t4\tyes\te2',
      '2024-03-14\t20:00\tEnnea\tBo\t0\tno\te2',
      '2024-03-21\t20:00\tEnnea\tBo\t6\tyes\te3',
      '2024-03-21\t20:00\tEnnea\tCy\t6\tyes\te3',
      // Nine, lower wins: 10 against 40 is 30, twice: the earlier (Cy's) holds it.
      '2024-03-07\t21:00\tNine\tCy\t10\tyes\tn1',
      '2024-03-07\t21:00\tNine\tBo\t40\tno\tn1',
      '2025-01-09\t21:00\tNine\tBo\t12\tyes\tn2',
      '2025-01-09\t21:00\tNine\tAna\t42\tno\tn2',
      // Wild Nine: only a shared win (in 2025: the year has no Wild Nine margin either).
      '2025-01-09\t22:00\tWild Nine\tAna\t20\tyes\tw1',
      '2025-01-09\t22:00\tWild Nine\tBo\t20\tyes\tw1',
    ])
    const r = await call<ClubRecords>(core, 'records:get', { year: 2025 })
    expect(
      r.margins.map((m) => [m.gameId, m.name, m.winnerScore, m.runnerUpScore, m.margin, m.lowerScoreWins]),
    ).toEqual([
      ['ennea', 'Ana', 4, 0, 4, false],
      ['nine', 'Cy', 10, 40, 30, true],
    ])
    expect(r.years).toEqual([2025, 2024])
    expect(r.year).toMatchObject({ year: 2025, matches: 2, nights: 1, newPlayers: [] })
    expect(r.year?.margins.map((m) => [m.name, m.margin])).toEqual([['Bo', 30]])
    // Ana and Bo played 2 each; Bo won more (2 against 1).
    expect(r.year?.mostActive).toMatchObject({ name: 'Bo', matches: 2 })
    const all = await call<ClubRecords>(core, 'records:get', {})
    expect(all.year).toBeNull()
    // Ennea's most wins: Ana 2 of 2; a shared win counts (Bo 1, Cy 1).
    expect(all.champions.find((c) => c.gameId === 'ennea')?.mostWins).toMatchObject({
      name: 'Ana',
      wins: 2,
      matches: 2,
    })
    expect(all.champions.find((c) => c.gameId === 'ennea')?.bestRate).toBeNull()
    expect(all.pairings[0]).toMatchObject({ a: { name: 'Ana' }, b: { name: 'Bo' }, matches: 4 })
  })
})
