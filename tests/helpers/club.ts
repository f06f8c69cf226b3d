/** Club sync test helpers: a real hub (tursodb --sync-server) on loopback and laptops as real cores. */
import { connect, createServer, type Server, type Socket } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startHub, type Hub } from '../../src/core/hub/hub'
import { createCore, type Core } from '../../src/core/core'
import { eventIds, projectionDigests } from '../../src/core/services/digest'
import { freePort } from './net'

export interface TestHub {
  hub: Hub
  url: string
  dir: string
  port: number
  restart(): Promise<void>
  /** The hub's data is gone: a new empty hub at the same address. */
  lose(): Promise<void>
  stop(): Promise<void>
}

export async function testHub(): Promise<TestHub> {
  const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-hub-'))
  const port = await freePort()
  const h: TestHub = {
    hub: await startHub({ port, dataDir: dir }),
    url: '',
    dir,
    port,
    async restart() {
      await h.hub.stop()
      h.hub = await startHub({ port, dataDir: dir })
    },
    async lose() {
      await h.hub.stop('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
      h.hub = await startHub({ port, dataDir: dir })
    },
    async stop() {
      await h.hub.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  h.url = h.hub.url
  return h
}

export interface Laptop extends Core {
  dir: string
  name: string
  call<T = unknown>(channel: string, input?: unknown): Promise<T>
  /** The call's error code (the test expects a refusal). */
  refuse(channel: string, input?: unknown): Promise<{ code: string; message: string }>
  shutdown(): Promise<void>
}

let clock = Date.parse('2026-11-30T18:00:00.000Z')

export function laptop(
  name: string,
  dir = mkdtempSync(join(tmpdir(), `ninekeeper-${name}-`)),
  timing: { intervalMs?: number; timeoutMs?: number; clock?: () => Date } = {},
): Laptop {
  const core = createCore({
    dataDir: dir,
    mode: 'web',
    version: '0.0.0-test',
    clock: timing.clock ?? (() => new Date((clock += 1000))),
    log: () => {},
    autoBackup: false,
    // Tests sync by calling sync:now; the timers stay out of the way unless a test asks for them.
    sync: {
      intervalMs: timing.intervalMs ?? 3_600_000,
      // Long enough for a loaded 2-core machine (tests of a slow or silent hub give their own).
      timeoutMs: timing.timeoutMs ?? 30_000,
      label: name,
      // Tests that sync by hand (no interval given) keep the wait on the hub for news out of the way too.
      watch: timing.intervalMs !== undefined,
    },
  })
  return {
    ...core,
    dir,
    name,
    async call<T>(channel: string, input: unknown = {}): Promise<T> {
      const r = await core.dispatch(channel, input)
      if (!r.ok) throw new Error(`${name} ${channel}: ${r.error.code}: ${r.error.message}`)
      return r.value as T
    },
    async refuse(channel: string, input: unknown = {}) {
      const r = await core.dispatch(channel, input)
      if (r.ok) throw new Error(`${name} ${channel} was accepted`)
      return r.error
    },
    async shutdown() {
      await core.sync.close()
      core.close()
    },
  }
}

export function digest(l: Core): { events: string[]; projections: Record<string, string> } {
  return { events: eventIds(l.db), projections: projectionDigests(l.db) }
}

/**
 * A switchable link between one laptop and the hub: a TCP proxy on loopback. Offline, it refuses new
 * connections and cuts open ones, as a laptop leaving the venue's network would see it.
 */
export interface Link {
  url: string
  online: boolean
  setOnline(on: boolean): void
  close(): Promise<void>
}

export async function link(hubPort: () => number): Promise<Link> {
  const sockets = new Set<Socket>()
  const l = { online: true } as Link
  const server: Server = createServer((client) => {
    if (!l.online) {
      client.destroy()
      return
    }
    const upstream = connect({ host: '127.0.0.1', port: hubPort() })
    sockets.add(client)
    sockets.add(upstream)
    const drop = (): void => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()))
  l.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  l.setOnline = (on: boolean) => {
    l.online = on
    if (!on) for (const s of sockets) s.destroy()
  }
  l.close = () =>
    new Promise<void>((res) => {
      for (const s of sockets) s.destroy()
      server.close(() => res())
    })
  return l
}

/** A laptop clock this far from the real time (the hub's clock is the real time): `skewed(10 * MINUTE)`. */
export function skewed(offsetMs: number): () => Date {
  return () => new Date(Date.now() + offsetMs)
}

/** Runs one statement on the hub's database itself, past Ninekeeper's front door (someone at the hub laptop). */
export async function hubSql(h: TestHub, sql: string, args: (string | number)[] = []): Promise<unknown[][]> {
  const res = await fetch(`${h.hub.databaseUrl}/v2/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      requests: [
        {
          type: 'execute',
          stmt: {
            sql,
            args: args.map((a) =>
              typeof a === 'number' ? { type: 'integer', value: String(a) } : { type: 'text', value: a },
            ),
          },
        },
      ],
    }),
  })
  const body = (await res.json()) as {
    results: { type: string; error?: { message: string }; response?: { result: { rows: { value?: unknown }[][] } } }[]
  }
  const r = body.results[0]!
  if (r.type !== 'ok') throw new Error(`hub SQL failed: ${r.error?.message}`)
  return r.response!.result.rows.map((row) => row.map((v) => v.value ?? null))
}
