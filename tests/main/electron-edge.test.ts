/**
 * The Electron edge files, with `electron` mocked (the binary cannot be loaded in tests):
 * the IPC registrar checks the sender before dispatching, and the preload exposes one function.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>()
const exposed: Record<string, unknown> = {}
const invoked: { channel: string; input: unknown }[] = []

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
  const dispatch = async (channel: unknown, payload: unknown) => {
    dispatched.push([channel, payload])
    return { ok: true as const, value: 'handled' }
  }

  it('registers exactly the contract channels and unregisters them', () => {
    const unregister = registerIpc(dispatch, (f) => isTrustedSender(f))
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort())
    unregister()
    expect(handlers.size).toBe(0)
  })

  it('runs an Electron override with the event, after the sender check and the schema', async () => {
    const seen: unknown[] = []
    registerIpc(dispatch, (f) => isTrustedSender(f), {
      'app:print-pdf': async (event) => {
        seen.push(event)
        return { ok: true as const, value: { saved: '/tmp/sheet.pdf' } }
      },
    })
    const handle = handlers.get('app:print-pdf')!
    const good = { senderFrame: { url: 'app://ninekeeper/index.html', parent: null } }
    expect(await handle(good, {})).toEqual({ ok: true, value: { saved: '/tmp/sheet.pdf' } })
    expect(seen).toEqual([good])
    expect(await handle(good, { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(await handle({ senderFrame: { url: 'https://evil.example/', parent: null } }, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    })
    expect(seen).toHaveLength(1)
    expect(dispatched).toEqual([])
  })

  it("hands an override its parsed input (the desktop export save gets the export's handle)", async () => {
    const seen: unknown[] = []
    registerIpc(dispatch, (f) => isTrustedSender(f), {
      'transfer:save-export': async (_event, input) => {
        seen.push(input)
        return { ok: true as const, value: { saved: null } }
      },
    })
    const handle = handlers.get('transfer:save-export')!
    const good = { senderFrame: { url: 'app://ninekeeper/index.html', parent: null } }
    expect(await handle(good, { downloadId: 'f'.repeat(32) })).toEqual({ ok: true, value: { saved: null } })
    expect(seen).toEqual([{ downloadId: 'f'.repeat(32) }])
    expect(await handle(good, { downloadId: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    })
    expect(seen).toHaveLength(1)
    expect(dispatched).toEqual([])
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
    expect(dispatched).toEqual([['players:create', { name: 'x' }]])
  })
})

describe('preload', () => {
  it('exposes only an invoke function limited to the contract channels', async () => {
    await import('../../src/preload/index')
    const bridge = exposed.ninekeeper as { invoke: (c: string, i: unknown) => Promise<unknown> }
    expect(Object.keys(exposed)).toEqual(['ninekeeper'])
    expect(Object.keys(bridge)).toEqual(['invoke'])
    await bridge.invoke('players:list', {})
    expect(invoked).toEqual([{ channel: 'players:list', input: {} }])
    await expect(bridge.invoke('shell:open-external', 'https://evil')).rejects.toThrow(/Unknown channel/)
    expect(invoked).toHaveLength(1)
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
