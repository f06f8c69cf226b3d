/**
 * The hub tells waiting laptops about news (issue 23, sync latency): POST /ninekeeper/wait answers at
 * once when rows arrived since the mark a laptop saw, else when the next rows arrive. A laptop with
 * the app's own timing (no sync:now) shows another laptop's write without waiting for its poll.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import type { Player } from '../../src/shared/model/player'
import { decodeClubCode } from '../../src/core/sync/club-code'
import { hubToken } from '../../src/core/sync/hub-token'
import { laptop, testHub, type TestHub } from '../helpers/club'

let hub: TestHub
beforeAll(async () => {
  hub = await testHub()
})
afterAll(async () => {
  await hub.stop()
})

async function waitOn(token: string, after: string | null, waitMs: number): Promise<{ status: number; mark?: string }> {
  const res = await fetch(`${hub.url}/ninekeeper/wait`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ after, waitMs }),
  })
  const body = (await res.json()) as { mark?: string }
  return { status: res.status, ...body }
}

describe('news from the hub', () => {
  it('answers a wait when rows arrive, only to the club’s laptops', async () => {
    const a = laptop('ana')
    try {
      const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
      const secret = decodeClubCode(made.club!.code)
      if (!secret.ok) throw new Error('code')
      const token = hubToken(secret.value.key)
      expect((await waitOn('x'.repeat(43), null, 0)).status).toBe(401)
      const now = await waitOn(token, null, 0)
      expect(now.status).toBe(200)
      // Waiting on the current mark: answered when Ana's next write goes up, with a new mark.
      const waiting = waitOn(token, now.mark!, 20_000)
      await a.call('players:create', { name: 'News' })
      await a.call('sync:now')
      const news = await waiting
      expect(news.mark).not.toBe(now.mark)
      // A stale mark is answered with the current one.
      expect((await waitOn(token, now.mark!, 20_000)).mark).not.toBe(now.mark)
      expect((await waitOn(token, null, 60_001)).status).toBe(403)
    } finally {
      await a.shutdown()
      rmSync(a.dir, { recursive: true, force: true })
    }
  })

  it('a laptop on its own timers shows another laptop’s player with no poll due', async () => {
    await hub.lose()
    // An hour between polls: only the news from the hub can bring the player in time.
    const a = laptop('ana', undefined, { intervalMs: 3_600_000 })
    const b = laptop('bo', undefined, { intervalMs: 3_600_000 })
    try {
      const made = await a.call<SyncStatus>('club:create', { hubUrl: hub.url })
      await b.call('club:join', { hubUrl: hub.url, code: made.club!.code })
      await a.call('players:create', { name: 'Seen at once' })
      // Nothing calls sync:now: a's write goes up by itself, the hub tells b, b syncs.
      for (;;) {
        const names = (await b.call<Player[]>('players:list', {})).map((p) => p.name)
        if (names.includes('Seen at once')) break
        await new Promise((r) => setTimeout(r, 20))
      }
    } finally {
      for (const l of [a, b]) {
        await l.shutdown()
        rmSync(l.dir, { recursive: true, force: true })
      }
    }
  })
})
