/**
 * Where each channel is answered comes from its route (src/shared/ipc/channels.ts): the write lists and
 * the worker's set are derived from the routes, every side answers exactly the channels routed to it,
 * and the channels only the desktop shell answers go through the same dispatcher as the rest.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCore, type Core, type ShellHandlers } from '../../src/core/core'
import { createHandlers, withoutShell, type HandlerDeps } from '../../src/core/handlers'
import { routeHandlers, type SideHandlers } from '../../src/core/ipc/dispatch'
import { ExportDownloads } from '../../src/core/services/export-downloads'
import { UploadService } from '../../src/core/services/uploads'
import { DbWorker } from '../../src/core/worker/client'
import { MAIN_WRITE_CHANNELS, WORKER_CHANNELS, workerHandlers } from '../../src/core/worker/handlers'
import { exportDir } from '../../src/core/worker/ops'
import { WRITE_OPS, type WorkerRequest } from '../../src/core/worker/protocol'
import { CHANNELS, ROUTES, channelsWhere, type Channel } from '../../src/shared/ipc/channels'
import { schemas } from '../../src/shared/ipc/contract'
import { tempDir } from '../helpers/tmp'

/** What the main thread's write list, the worker's handlers and the Electron overrides held when they were kept by hand. */
const HAND_KEPT = {
  mainWrites: [
    'players:create',
    'players:rename',
    'players:set-color',
    'players:set-archived',
    'players:delete',
    'players:merge',
    'matches:create',
    'matches:apply',
    'matches:correct',
    'matches:undo',
    'matches:redo',
    'matches:close',
    'backup:set-keep',
    'club:create',
    'club:join',
    'club:leave',
    'club:reseed',
    'club:remove-device',
    'club:change-code',
    'sync:now',
    'seasons:create',
    'seasons:update',
    'seasons:set-archived',
    'seasons:delete',
    'nights:set-venue',
    'ratings:set-system',
    'tables:open',
    'tables:close',
    'tables:add-phone',
    'tables:revoke',
    'hub:host-start',
    'hub:host-stop',
  ],
  worker: [
    'stats:overview',
    'stats:player',
    'stats:head-to-head',
    'stats:rating-history',
    'stats:monthly',
    'stats:match-progress',
    'seasons:standings',
    'nights:list',
    'ratings:explain',
    'backup:now',
    'transfer:export-csv',
    'transfer:export-json',
    'backup:restore',
    'import:external-preview',
    'import:external-apply',
    'transfer:import',
    'transfer:export-json-file',
    'transfer:export-csv-file',
    // Added since the lists were kept by hand.
    'club:publish-page',
    'records:get',
  ],
  edge: ['app:print-pdf', 'transfer:save-export', 'club:choose-page-folder'],
}

const sorted = (channels: Iterable<string>): string[] => [...channels].sort()
const routedTo = (runs: string): string[] => sorted(channelsWhere((r) => r.runs === runs))

const open: (() => void)[] = []
afterEach(() => {
  for (const f of open.splice(0).reverse()) f()
})

function core<Caller>(shell?: ShellHandlers<Caller>, log: (m: string) => void = () => {}): Core<Caller> {
  const t = tempDir()
  const c = createCore<Caller>({
    dataDir: t.dir,
    mode: 'web',
    version: 'test',
    log,
    autoBackup: false,
    ...(shell ? { shell } : {}),
  })
  open.push(() => {
    c.close()
    t.cleanup()
  })
  return c
}

describe('the routes', () => {
  it('give the same sets the hand-kept lists held', () => {
    expect(sorted(MAIN_WRITE_CHANNELS)).toEqual(sorted(HAND_KEPT.mainWrites))
    expect(sorted(WORKER_CHANNELS)).toEqual(sorted(HAND_KEPT.worker))
    expect(routedTo('edge')).toEqual(sorted(HAND_KEPT.edge))
    const rest = CHANNELS.filter((c) => !HAND_KEPT.worker.includes(c) && !HAND_KEPT.edge.includes(c))
    expect(routedTo('main')).toEqual(sorted(rest))
  })

  it('are one per channel, each channel with its schema, and every write of the main thread is on the write list', () => {
    expect(sorted(Object.keys(ROUTES))).toEqual(sorted(CHANNELS))
    expect(sorted(Object.keys(schemas))).toEqual(sorted(CHANNELS))
    for (const channel of CHANNELS) {
      const { runs, writes } = ROUTES[channel]
      expect(['main', 'worker', 'edge']).toContain(runs)
      expect(MAIN_WRITE_CHANNELS.has(channel)).toBe(runs === 'main' && writes)
      expect(WORKER_CHANNELS.has(channel)).toBe(runs === 'worker')
    }
  })
})

describe('each side', () => {
  it('answers exactly the channels routed to it', () => {
    const t = tempDir()
    open.push(t.cleanup)
    const file = join(t.dir, 'data.sqlite')
    // Building the handlers only closes over their dependencies; none is used until a call.
    const main = createHandlers({} as HandlerDeps)
    const worker = workerHandlers({
      worker: new DbWorker({ file, busyTimeoutMs: 0 }),
      file,
      uploads: new UploadService(t.dir, () => new Date()),
      downloads: new ExportDownloads(exportDir(file)),
      now: () => new Date(),
      deviceId: () => 'device',
      afterImport: () => {},
      resolveBackup: () => null,
      afterRestore: () => {},
    })
    expect(sorted(Object.keys(main))).toEqual(routedTo('main'))
    expect(sorted(Object.keys(worker))).toEqual(routedTo('worker'))
    expect(sorted(Object.keys(withoutShell))).toEqual(routedTo('edge'))
  })

  it('may not answer a channel routed elsewhere, nor leave one of its own without a handler', () => {
    const main = createHandlers({} as HandlerDeps) as Record<string, unknown>
    const worker = Object.fromEntries(sorted(WORKER_CHANNELS).map((c) => [c, () => null]))
    const sides = (m: Record<string, unknown>, w: Record<string, unknown>) => ({
      main: m as SideHandlers<'main'>,
      worker: w as SideHandlers<'worker'>,
      edge: withoutShell,
    })
    expect(() => routeHandlers(sides(main, worker))).not.toThrow()
    // A handler the routes would never reach: the main thread answering a stats channel.
    expect(() => routeHandlers(sides({ ...main, 'stats:overview': () => null }, worker))).toThrow(
      /main side has a handler for stats:overview/,
    )
    expect(() => routeHandlers(sides({ ...main, 'players:drop': () => null }, worker))).toThrow(/players:drop/)
    const { 'players:create': _gone, ...short } = main
    expect(() => routeHandlers(sides(short, worker))).toThrow(/players:create is routed to the main side/)
  })
})

describe('a call', () => {
  /** Valid inputs for channels on each side that need no rows or uploads to reach their side. */
  const SAMPLE: Partial<Record<Channel, unknown>> = {
    'players:list': {},
    'players:create': { name: 'Ana' },
    'backup:info': {},
    'backup:set-keep': { keep: 5 },
    'seasons:list': {},
    'stats:overview': {},
    'stats:monthly': {},
    'backup:now': {},
    'transfer:export-json': {},
    'transfer:export-csv': { table: 'players' },
    'transfer:export-json-file': {},
    'transfer:export-csv-file': { table: 'players' },
  }

  it('of a worker channel is answered by the worker, with a write op exactly when the route writes; a main one never reaches it', async () => {
    const c = core()
    const sent: WorkerRequest[] = []
    const real = c.worker.call.bind(c.worker)
    vi.spyOn(c.worker, 'call').mockImplementation((request: WorkerRequest) => {
      sent.push(request)
      return real(request)
    })
    const sides = new Set<string>()
    for (const [channel, input] of Object.entries(SAMPLE) as [Channel, unknown][]) {
      sent.length = 0
      const r = await c.dispatch(channel, input)
      expect(r, channel).toMatchObject({ ok: true })
      const { runs, writes } = ROUTES[channel]
      sides.add(runs)
      if (runs === 'main') expect(sent, channel).toEqual([])
      else {
        expect(sent.length, channel).toBeGreaterThan(0)
        expect(
          sent.some((s) => WRITE_OPS.has(s.op)),
          channel,
        ).toBe(writes)
      }
    }
    expect(sorted(sides)).toEqual(['main', 'worker'])
  })

  it("of a shell channel goes through the dispatcher to the shell's handler, with its caller, after the schema", async () => {
    const seen: unknown[] = []
    const shell: ShellHandlers<{ frame: string }> = {
      'app:print-pdf': async (_input, caller) => {
        seen.push(caller)
        return { ok: true, value: { saved: '/tmp/sheet.pdf' } }
      },
      'transfer:save-export': async (input, caller) => {
        seen.push([input, caller])
        return { ok: true, value: { saved: null } }
      },
      'club:choose-page-folder': async () => ({ ok: true, value: { folder: null } }),
    }
    const c = core(shell)
    const event = { frame: 'window' }
    expect(await c.dispatch('app:print-pdf', {}, event)).toEqual({ ok: true, value: { saved: '/tmp/sheet.pdf' } })
    const downloadId = 'f'.repeat(32)
    expect(await c.dispatch('transfer:save-export', { downloadId }, event)).toEqual({
      ok: true,
      value: { saved: null },
    })
    expect(seen).toEqual([event, [{ downloadId }, event]])
    expect(await c.dispatch('app:print-pdf', { path: '/etc/passwd' }, event)).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    })
    expect(await c.dispatch('transfer:save-export', { downloadId: '../../etc/passwd' }, event)).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    })
    // A call the shell did not make (no caller) gets the answer a browser gets.
    expect(await c.dispatch('app:print-pdf', {})).toMatchObject({ ok: false, error: { code: 'not-supported' } })
    expect(seen).toHaveLength(2)
  })

  it('of a shell channel without a shell (the web bridge) answers not-supported', async () => {
    const c = core()
    for (const channel of HAND_KEPT.edge) {
      const input = channel === 'transfer:save-export' ? { downloadId: 'f'.repeat(32) } : {}
      expect(await c.dispatch(channel, input, { frame: 'window' })).toMatchObject({
        ok: false,
        error: { code: 'not-supported' },
      })
    }
  })

  it('of a shell handler that throws answers internal, nothing saved, and the error is logged', async () => {
    const logged: string[] = []
    const c = core<object>(
      {
        'app:print-pdf': async () => {
          throw new Error('printer on fire')
        },
        'transfer:save-export': async () => ({ ok: true, value: { saved: null } }),
        'club:choose-page-folder': async () => ({ ok: true, value: { folder: null } }),
      },
      (m) => logged.push(m),
    )
    const r = await c.dispatch('app:print-pdf', {}, {})
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } })
    if (!r.ok) expect(r.error.message).toMatch(/^Something went wrong inside Ninekeeper\. Nothing was saved\./)
    expect(logged).toEqual(['handler for app:print-pdf failed'])
  })
})
