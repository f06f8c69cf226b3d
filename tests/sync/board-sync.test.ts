/**
 * The night board across laptops (docs/ARCHITECTURE.md § The night board, § Change events): a round
 * Bo enters on his laptop reaches Ana's through the hub with no call on hers (her own timers, the
 * hub's news), and her change feed says so as a merge, so her board refreshes; her board shows the
 * match as Bo's laptop's, with his entry in its standings.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BoardNight } from '../../src/shared/model/board'
import type { ChangeNote } from '../../src/shared/model/changes'
import type { MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import type { SyncStatus } from '../../src/shared/model/sync'
import { laptop, testHub, type TestHub } from '../helpers/club'

let hub: TestHub
beforeAll(async () => {
  hub = await testHub()
})
afterAll(async () => {
  await hub.stop()
})

it('another laptop’s entry reaches this laptop’s board through a merge the change feed reports', async () => {
  // An hour between polls: only the hub's news can bring Bo's entry in time.
  const a = laptop('ana', undefined, { intervalMs: 3_600_000 })
  const b = laptop('bo', undefined, { intervalMs: 3_600_000 })
  try {
    const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
    await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
    const date = (await a.call<BoardNight>('board:night', {})).date
    // Waits for Ana's feed to report a merge after which her board shows the match with `round` rounds.
    const seen = (round: number): Promise<BoardNight> =>
      new Promise((done) => {
        const look = (note: ChangeNote): void => {
          if (note.cause !== 'sync') return
          void a.call<BoardNight>('board:night', { date }).then((board) => {
            if (board.tables[0]?.round !== round) return
            stop()
            done(board)
          })
        }
        const stop = a.changes.subscribe(look)
      })
    // Listening before Bo writes anything; nothing is called on Ana's side until her board shows it.
    const started = seen(1)
    const ids: string[] = []
    for (const name of ['Cy', 'Di']) ids.push((await b.call<Player>('players:create', { name })).id)
    const m = await b.call<MatchView>('matches:create', {
      gameId: 'wild-nine',
      playerIds: ids,
      options: { houseRules: { cutoff: 10000 } },
    })
    const first = await started
    expect(first.tables.map((t) => [t.matchId, t.laptop])).toEqual([[m.id, 'bo']])
    const second = seen(2)
    await b.call('matches:apply', { id: m.id, action: { type: 'round', wentOut: 0, points: [0, 7] } })
    const board = await second
    expect(board.tables[0]!.standings.map((s) => [s.name, s.score])).toEqual([
      ['Cy', 0],
      ['Di', 7],
    ])
    expect(board.tables[0]!.lastEntryAt).toBe((await b.call<MatchView>('matches:get', { id: m.id })).updatedAt)
  } finally {
    for (const l of [a, b]) {
      await l.shutdown()
      rmSync(l.dir, { recursive: true, force: true })
    }
  }
}, 60_000)
