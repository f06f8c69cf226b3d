/**
 * src/main/index.ts, the Electron edge, with `electron` mocked (the binary cannot run here): each
 * protection it wires in is exercised, so removing one fails a test. Issue 11, "tests that could not fail".
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'

type Fn = (...args: never[]) => unknown
const state = vi.hoisted(() => ({
  lock: true,
  userData: '',
  appPath: '',
  appHandlers: {} as Record<string, Fn>,
  ready: null as null | { promise: Promise<void>; resolve: () => void },
  protocolHandler: null as null | ((req: { url: string; method: string }) => Promise<Response>),
  privileged: [] as unknown[],
  permissionRequest: null as null | Fn,
  permissionCheck: null as null | Fn,
  ipc: new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>(),
  windows: [] as { options: Record<string, unknown>; loaded: string[]; sent: unknown[][] }[],
  calls: { quit: 0, exit: [] as number[], openExternal: [] as string[], errorBox: [] as string[] },
  save: { canceled: true, filePath: undefined as string | undefined },
  saveOptions: [] as Record<string, unknown>[],
  open: { canceled: true, filePaths: [] as string[] },
  openOptions: [] as Record<string, unknown>[],
  restored: 0,
  focused: 0,
  minimized: false,
}))

vi.mock('electron', () => {
  class BrowserWindow {
    loaded: string[] = []
    /** What the main process sent the page (webContents.send). */
    sent: unknown[][] = []
    webContents = { send: (...args: unknown[]) => void this.sent.push(args) }
    isDestroyed() {
      return false
    }
    constructor(public options: Record<string, unknown>) {
      state.windows.push(this)
    }
    static fromWebContents() {
      return null
    }
    once() {}
    on() {}
    setTitle() {}
    isMinimized() {
      return state.minimized
    }
    restore() {
      state.restored++
    }
    focus() {
      state.focused++
    }
    loadURL(url: string) {
      this.loaded.push(url)
      return Promise.resolve()
    }
  }
  return {
    BrowserWindow,
    app: {
      isPackaged: false,
      requestSingleInstanceLock: () => state.lock,
      quit: () => void state.calls.quit++,
      exit: (code: number) => void state.calls.exit.push(code),
      on: (event: string, fn: Fn) => void (state.appHandlers[event] = fn),
      whenReady: () => {
        let resolve = () => {}
        const promise = new Promise<void>((r) => (resolve = r))
        state.ready = { promise, resolve }
        return promise
      },
      getPath: (name: string) => (name === 'userData' ? state.userData : tmpdir()),
      setPath: () => {},
      getAppPath: () => state.appPath,
      getVersion: () => '0.0.0-test',
      // no --tls-cert/--tls-key: the table units' listener serves plain HTTP
      commandLine: { getSwitchValue: () => '' },
    },
    dialog: {
      showErrorBox: (title: string, body: string) => void state.calls.errorBox.push(`${title}: ${body}`),
      showSaveDialog: async (...args: unknown[]) => {
        state.saveOptions.push(args.at(-1) as Record<string, unknown>)
        return state.save
      },
      showOpenDialog: async (...args: unknown[]) => {
        state.openOptions.push(args.at(-1) as Record<string, unknown>)
        return state.open
      },
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => void state.privileged.push(...schemes),
      handle: (_scheme: string, fn: (req: { url: string; method: string }) => Promise<Response>) =>
        void (state.protocolHandler = fn),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: Fn) => void (state.permissionRequest = fn),
        setPermissionCheckHandler: (fn: Fn) => void (state.permissionCheck = fn),
      },
    },
    shell: { openExternal: async (url: string) => void state.calls.openExternal.push(url) },
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, payload: unknown) => Promise<unknown>) =>
        void state.ipc.set(channel, fn),
      removeHandler: (channel: string) => void state.ipc.delete(channel),
    },
  }
})

const dirs: string[] = []
function freshState(lock: boolean): void {
  state.lock = lock
  state.userData = mkdtempSync(join(tmpdir(), 'ninekeeper-index-'))
  state.appPath = mkdtempSync(join(tmpdir(), 'ninekeeper-apppath-'))
  dirs.push(state.userData, state.appPath)
  state.appHandlers = {}
  state.ready = null
  state.protocolHandler = null
  state.privileged = []
  state.permissionRequest = null
  state.permissionCheck = null
  state.ipc.clear()
  state.windows = []
  state.calls = { quit: 0, exit: [], openExternal: [], errorBox: [] }
  state.saveOptions = []
  state.openOptions = []
  state.restored = 0
  state.focused = 0
  state.minimized = false
}
afterAll(() => {
  state.appHandlers['will-quit']?.()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** A fake webContents: collects the listeners index.ts attaches. */
function contents() {
  const on: Record<string, Fn> = {}
  let openHandler: ((d: { url: string }) => { action: string }) | null = null
  const wc = {
    on: (event: string, fn: Fn) => void (on[event] = fn),
    setWindowOpenHandler: (fn: (d: { url: string }) => { action: string }) => void (openHandler = fn),
  }
  state.appHandlers['web-contents-created']?.({} as never, wc as never)
  return { on, open: (url: string) => openHandler?.({ url }) }
}
function prevented(handler: Fn | undefined, ...args: unknown[]): boolean {
  let stopped = false
  handler?.({ preventDefault: () => (stopped = true) } as never, ...(args as never[]))
  return stopped
}

describe('a second instance', () => {
  beforeEach(() => vi.resetModules())
  it('quits at once when another instance holds the lock, wiring and opening nothing', async () => {
    freshState(false)
    await import('../../src/main/index')
    expect(state.calls.quit).toBe(1)
    expect(state.appHandlers['web-contents-created']).toBeUndefined()
    expect(state.appHandlers['second-instance']).toBeUndefined()
    expect(state.ready).toBeNull()
  })
})

describe('the first instance', () => {
  beforeEach(() => vi.resetModules())
  it('wires every guard, then starts the core, app:// and the window', async () => {
    freshState(true)
    await import('../../src/main/index')
    expect(state.calls.quit).toBe(0)
    expect(state.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ])
    expect(state.appHandlers['second-instance']).toBeTypeOf('function')

    const wc = contents()
    // will-navigate and will-redirect: only the app's own pages.
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(prevented(wc.on[event], 'https://evil.example/'), event).toBe(true)
      expect(prevented(wc.on[event], 'app://evil/index.html'), event).toBe(true)
      expect(prevented(wc.on[event], 'file:///etc/passwd'), event).toBe(true)
      expect(prevented(wc.on[event], 'app://ninekeeper/index.html#/players'), event).toBe(false)
    }
    // No <webview> may attach.
    expect(prevented(wc.on['will-attach-webview'])).toBe(true)
    // window.open: always denied inside the app; nothing outside the allowed hosts reaches the OS browser.
    for (const url of [
      'https://evil.example/',
      'https:/\\evil.com',
      'http://example.org/',
      'file:///etc/passwd',
      'app://ninekeeper/index.html',
    ]) {
      expect(wc.open(url), url).toEqual({ action: 'deny' })
    }
    expect(state.calls.openExternal).toEqual([])

    state.ready?.resolve()
    await vi.waitFor(() => expect(state.windows).toHaveLength(1))
    expect(state.calls.errorBox).toEqual([])

    // Permissions: every request and every check is denied.
    const answers: unknown[] = []
    state.permissionRequest?.({} as never, 'media' as never, ((ok: boolean) => answers.push(ok)) as never)
    state.permissionRequest?.({} as never, 'notifications' as never, ((ok: boolean) => answers.push(ok)) as never)
    expect(answers).toEqual([false, false])
    expect(state.permissionCheck?.({} as never, 'geolocation' as never)).toBe(false)

    // app://: only the app host, only GET, only files inside the renderer folder, with the CSP.
    const get = (url: string, method = 'GET') => state.protocolHandler!({ url, method })
    const page = await get('app://ninekeeper/index.html')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await get('app://evil/index.html')).status).toBe(404)
    expect((await get('app://ninekeeper.evil/index.html')).status).toBe(404)
    expect((await get('app://ninekeeper/index.html', 'POST')).status).toBe(404)
    expect((await get('app://ninekeeper/%2e%2e/%2e%2e/package.json')).status).toBe(404)

    // IPC: registered for the contract, and refused to any frame but the app's top frame.
    const list = state.ipc.get('players:list')!
    expect(await list({ senderFrame: { url: 'https://evil.example/', parent: null } }, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    })
    expect(await list({ senderFrame: { url: 'app://ninekeeper/index.html', parent: null } }, {})).toEqual({
      ok: true,
      value: [],
    })

    // A write is a change note the window hears of (core:changed, the night board's cue); a read is none.
    const create = state.ipc.get('players:create')!
    expect(
      await create({ senderFrame: { url: 'app://ninekeeper/index.html', parent: null } }, { name: 'Ana' }),
    ).toMatchObject({
      ok: true,
    })
    expect(state.windows[0]?.sent).toEqual([['core:changed', expect.objectContaining({ seq: 1, cause: 'call' })]])

    // The window loads the app over app://, with the hardened preferences (window.ts).
    expect(state.windows[0]?.loaded).toEqual(['app://ninekeeper/index.html'])
    expect((state.windows[0]?.options.webPreferences as Record<string, unknown>).sandbox).toBe(true)

    // A second start focuses this window (restoring it when minimised).
    state.appHandlers['second-instance']?.()
    expect([state.restored, state.focused]).toEqual([0, 1])
    state.minimized = true
    state.appHandlers['second-instance']?.()
    expect([state.restored, state.focused]).toEqual([1, 2])
    state.minimized = false

    // Save as PDF: the page's print layout, where the user chooses, with a clean default name.
    const printed: unknown[] = []
    const sender = {
      printToPDF: async (o: unknown) => (printed.push(o), Buffer.from('%PDF-1.7 test')),
      getTitle: () => 'Ninekeeper — Nine: Ana/Bo <3>',
    }
    const pdf = state.ipc.get('app:print-pdf')!
    const trusted = { senderFrame: { url: 'app://ninekeeper/index.html', parent: null }, sender }
    state.save = { canceled: true, filePath: undefined }
    expect(await pdf(trusted, {})).toEqual({ ok: true, value: { saved: null } })
    expect(printed).toEqual([{ pageSize: 'A4', printBackground: false }])
    expect(state.saveOptions[0]).toMatchObject({
      title: 'Save as PDF',
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    })
    expect(String(state.saveOptions[0]?.defaultPath)).toMatch(/Ninekeeper {2}Nine AnaBo 3\.pdf$/)
    const target = join(state.userData, 'sheet.pdf')
    state.save = { canceled: false, filePath: target }
    expect(await pdf(trusted, {})).toEqual({ ok: true, value: { saved: target } })
    const { readFileSync } = await import('node:fs')
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7 test')
    state.save = { canceled: false, filePath: '' }
    expect(await pdf(trusted, {})).toEqual({ ok: true, value: { saved: null } })

    // The club page's folder: a folder dialog that may make a new folder; cancelled is null.
    const choose = state.ipc.get('club:choose-page-folder')!
    state.open = { canceled: true, filePaths: [] }
    expect(await choose(trusted, {})).toEqual({ ok: true, value: { folder: null } })
    expect(state.openOptions[0]).toMatchObject({
      properties: expect.arrayContaining(['openDirectory', 'createDirectory']),
    })
    state.open = { canceled: false, filePaths: ['/home/ana/club-page'] }
    expect(await choose(trusted, {})).toEqual({ ok: true, value: { folder: '/home/ana/club-page' } })
    expect(await choose({ senderFrame: { url: 'https://evil.example/', parent: null }, sender }, {})).toMatchObject({
      ok: false,
    })

    // Quitting closes the data file (and never throws).
    expect(() => state.appHandlers['will-quit']?.()).not.toThrow()
    expect(await list({ senderFrame: { url: 'app://ninekeeper/index.html', parent: null } }, {})).toMatchObject({
      ok: false,
    })
  })

  it('shows one error and exits 1 when the data file cannot be opened', async () => {
    freshState(true)
    state.userData = join(state.userData, 'ninekeeper.sqlite-is-a-file')
    const { writeFileSync, mkdirSync } = await import('node:fs')
    mkdirSync(state.userData)
    writeFileSync(join(state.userData, 'ninekeeper.sqlite'), 'not a database, just text'.repeat(100))
    await import('../../src/main/index')
    state.ready?.resolve()
    await vi.waitFor(() => expect(state.calls.exit).toEqual([1]))
    expect(state.calls.errorBox.join('\n')).toMatch(/cannot open its data file/)
    expect(state.windows).toEqual([])
  })
})
