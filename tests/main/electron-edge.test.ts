/**
 * The Electron edge files, with `electron` mocked (the binary cannot be loaded in tests):
 * the IPC registrar checks the sender before dispatching, and the preload exposes one function.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>()
const exposed: Record<string, unknown> = {}
const invoked: { channel: string; input: unknown }[] = []
const rendererListeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>()

const windows: { options: Record<string, unknown>; loaded: string[] }[] = []

vi.mock('electron', () => ({
  BrowserWindow: class {
    loaded: string[] = []
    constructor(public options: Record<string, unknown>) {
      windows.push(this)
    }
    once() {}
    on() {}
    setTitle() {}
    loadURL(url: string) {
      this.loaded.push(url)
      return Promise.resolve()
    }
  },
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, payload: unknown) => Promise<unknown>) => handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: {
    invoke: (channel: string, input: unknown) => {
      invoked.push({ channel, input })
      return Promise.resolve({ ok: true, value: null })
    },
    on: (channel: string, fn: (event: unknown, ...args: unknown[]) => void) => {
      const set = rendererListeners.get(channel) ?? new Set()
      set.add(fn)
      rendererListeners.set(channel, set)
    },
    removeListener: (channel: string, fn: (event: unknown, ...args: unknown[]) => void) =>
      rendererListeners.get(channel)?.delete(fn),
  },
}))

const { registerIpc } = await import('../../src/main/ipc/register')
const { createMainWindow } = await import('../../src/main/window')
const { CHANNELS } = await import('../../src/shared/ipc/channels')
const { isTrustedSender } = await import('../../src/core/security')

describe('registerIpc', () => {
  const dispatched: unknown[] = []
  beforeEach(() => {
    handlers.clear()
    dispatched.length = 0
  })
  const dispatch = async (channel: unknown, payload: unknown, event?: unknown) => {
    dispatched.push(event === undefined ? [channel, payload] : [channel, payload, event])
    return { ok: true as const, value: 'handled' }
  }

  it('registers exactly the contract channels and unregisters them', () => {
    const unregister = registerIpc(dispatch, (f) => isTrustedSender(f))
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort())
    unregister()
    expect(handlers.size).toBe(0)
  })

  it("passes the IPC event to the dispatcher, so the shell's own channels get it", async () => {
    const seen: unknown[][] = []
    registerIpc(
      async (channel, payload, event) => {
        seen.push([channel, payload, event])
        return { ok: true as const, value: { saved: null } }
      },
      (f) => isTrustedSender(f),
    )
    const good = { senderFrame: { url: 'app://ninekeeper/index.html', parent: null } }
    expect(await handlers.get('app:print-pdf')!(good, {})).toEqual({ ok: true, value: { saved: null } })
    expect(await handlers.get('players:list')!(good, {})).toEqual({ ok: true, value: { saved: null } })
    expect(seen).toEqual([
      ['app:print-pdf', {}, good],
      ['players:list', {}, good],
    ])
    expect(
      await handlers.get('app:print-pdf')!({ senderFrame: { url: 'https://evil.example/', parent: null } }, {}),
    ).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
    expect(seen).toHaveLength(2)
  })

  it('refuses untrusted senders before any parsing or handler runs', async () => {
    registerIpc(dispatch, (f) => isTrustedSender(f))
    const handle = handlers.get('players:create')!
    const forged = await handle({ senderFrame: { url: 'https://evil.example/', parent: null } }, { name: 'x' })
    const iframe = await handle({ senderFrame: { url: 'app://ninekeeper/index.html', parent: {} } }, { name: 'x' })
    expect(forged).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
    expect(iframe).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
    expect(dispatched).toEqual([])
    const good = await handle({ senderFrame: { url: 'app://ninekeeper/index.html', parent: null } }, { name: 'x' })
    expect(good).toEqual({ ok: true, value: 'handled' })
    expect(dispatched).toEqual([['players:create', { name: 'x' }, expect.anything()]])
  })
})

describe('preload', () => {
  it('exposes only an invoke function limited to the contract channels', async () => {
    await import('../../src/preload/index')
    const bridge = exposed.ninekeeper as { invoke: (c: string, i: unknown) => Promise<unknown> }
    expect(Object.keys(exposed)).toEqual(['ninekeeper'])
    expect(Object.keys(bridge)).toEqual(['invoke', 'onChanged'])
    await bridge.invoke('players:list', {})
    expect(invoked).toEqual([{ channel: 'players:list', input: {} }])
    await expect(bridge.invoke('shell:open-external', 'https://evil')).rejects.toThrow(/Unknown channel/)
    expect(invoked).toHaveLength(1)
  })

  it('passes each change note to the page, never the IPC event, until stopped', async () => {
    await import('../../src/preload/index')
    const bridge = exposed.ninekeeper as { onChanged: (fn: (...args: unknown[]) => void) => () => void }
    const got: unknown[][] = []
    const stop = bridge.onChanged((...args) => got.push(args))
    const note = { seq: 1, cause: 'sync', at: '2026-03-05T20:00:00.000Z' }
    const ipcEvent = { sender: { send: () => {} }, ports: [] }
    for (const fn of rendererListeners.get('core:changed') ?? []) fn(ipcEvent, note)
    expect(got).toEqual([[note]])
    stop()
    expect(rendererListeners.get('core:changed')?.size ?? 0).toBe(0)
  })
})

describe('main window', () => {
  it('isolates and sandboxes the renderer, with no Node and no webviews', () => {
    createMainWindow({
      preload: '/app/out/preload/index.js',
      icon: '/app/resources/icon.png',
      url: 'app://ninekeeper/index.html',
    })
    const win = windows.at(-1)!
    expect(win.options).toMatchObject({ title: 'Ninekeeper', icon: '/app/resources/icon.png', show: false })
    expect(win.options.webPreferences).toEqual({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    })
    expect(win.loaded).toEqual(['app://ninekeeper/index.html'])
  })
})
