/**
 * Killing a laptop mid-sync loses nothing (issue 14): a laptop in its own process is SIGKILLed while
 * it pushes a long night's events and while it pulls and merges another laptop's, then started again
 * on the same data folder; after syncing, both laptops hold the same events and projections, and every
 * event the killed laptop had acknowledged is on the other.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import type { SyncStatus } from '../../src/shared/model/sync'
import { eventIds, projectionDigests } from '../../src/core/services/digest'
import { laptop, skewed, testHub, type Laptop, type TestHub } from '../helpers/club'

interface Proc {
  child: ChildProcess
  call<T>(channel: string, input?: unknown): Promise<T>
  play(rounds: number): Promise<void>
  /** Sends a request without waiting for its answer (the process is about to be killed). */
  send(channel: string, input?: unknown): void
  kill(): Promise<void>
}

function start(dir: string, label: string): Promise<Proc> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '../helpers/laptop-process.ts'), dir, label],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const waiting = new Map<number, (r: { ok: boolean; value?: unknown; error?: { message: string } }) => void>()
  let next = 1
  let ready: () => void
  const isReady = new Promise<void>((res) => (ready = res))
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const msg = JSON.parse(line) as { ready?: boolean; id?: number; result?: never }
    if (msg.ready) ready()
    else if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result as never)
  })
  const request = (body: object): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }> =>
    new Promise((res) => {
      const id = next++
      waiting.set(id, res)
      child.stdin!.write(`${JSON.stringify({ id, ...body })}\n`)
    })
  const proc: Proc = {
    child,
    async call<T>(channel: string, input: unknown = {}) {
      const r = await request({ channel, input })
      if (!r.ok) throw new Error(`${label} ${channel}: ${r.error?.message}`)
      return r.value as T
    },
    async play(rounds) {
      const r = await request({ play: rounds })
      if (!r.ok) throw new Error(`${label} play: ${r.error?.message}`)
    },
    send(channel, input = {}) {
      child.stdin!.write(`${JSON.stringify({ id: next++, channel, input })}\n`)
    },
    kill: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null || child.signalCode !== null) return res()
        child.once('exit', () => res())
        child.kill('SIGKILL')
      }),
  }
  return isReady.then(() => proc)
}

/** The events and projections of a data folder, read from the file (the process owning it may be gone). */
function fileDigest(dir: string): { events: string[]; projections: Record<string, string> } {
  const db = new Database(join(dir, 'ninekeeper.sqlite'), { readonly: true })
  try {
    return { events: eventIds(db), projections: projectionDigests(db) }
  } finally {
    db.close()
  }
}

let hub: TestHub
let ana: Laptop
let code: string
beforeAll(async () => {
  hub = await testHub()
  // On the real clock, as the child process is (a fake clock days behind would refuse its events as from the future).
  ana = laptop('ana', undefined, { clock: skewed(0) })
  code = (await ana.call<SyncStatus>('club:create', { hubUrl: hub.url })).club!.code
})
afterAll(async () => {
  await ana.shutdown()
  rmSync(ana.dir, { recursive: true, force: true })
  await hub.stop()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('a laptop killed mid-sync', () => {
  it('loses nothing when killed while pushing or while pulling, and converges after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-bo-'))
    try {
      let bo = await start(dir, 'bo')
      await bo.call('club:join', { hubUrl: hub.url, code })
      // Killed while pushing: a long night's rounds go up, and the process dies part way, twice.
      for (const delay of [120, 400]) {
        await bo.play(300)
        const acknowledged = fileDigest(dir).events
        bo.send('sync:now')
        await sleep(delay)
        await bo.kill()
        // The file the kill left behind still has every acknowledged event.
        expect(fileDigest(dir).events).toEqual(expect.arrayContaining(acknowledged))
        bo = await start(dir, 'bo')
      }
      // Killed while pulling: Ana's long night comes down and the process dies while merging it.
      await ana.call('sync:now')
      const ids: string[] = []
      for (const name of ['Ana', 'Ben', 'Cat'])
        ids.push((await ana.call<{ id: string }>('players:create', { name })).id)
      const m = await ana.call<{ id: string }>('matches:create', {
        gameId: 'wild-nine',
        playerIds: ids,
        options: { houseRules: { cutoff: 10000 } },
      })
      for (let i = 0; i < 300; i++) {
        const w = i % 3
        await ana.call('matches:apply', {
          id: m.id,
          action: { type: 'round', wentOut: w, points: [0, 1, 2].map((k) => (k === w ? 0 : 1 + ((i + k) % 4))) },
        })
      }
      await ana.call('sync:now')
      bo.send('sync:now')
      await sleep(250)
      await bo.kill()
      bo = await start(dir, 'bo')

      for (let pass = 0; pass < 2; pass++) {
        expect((await bo.call<SyncStatus>('sync:now')).state).toBe('connected')
        expect((await ana.call<SyncStatus>('sync:now')).state).toBe('connected')
      }
      expect((await bo.call<SyncStatus>('sync:status')).waiting).toBe(0)
      bo.child.stdin!.end()
      await new Promise((r) => bo.child.once('exit', r))
      const b = fileDigest(dir)
      expect(b.events).toEqual(eventIds(ana.db))
      expect(b.projections).toEqual(projectionDigests(ana.db))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
