/**
 * Details of the Electron edge and the private-file helpers that StrykerJS showed untested
 * (docs/QUALITY.md): the dev-server branch of isAppUrl, the literal https:// prefix of external
 * links, dot segments in static paths, the window's title and show handlers, side-file helpers.
 */
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { canWrite, presentSideFiles, removeSideFiles, tighten } from '../../src/core/private-files'
import { isAppUrl, isSafeExternalUrl, resolveStaticPath } from '../../src/core/security'
import { tempDir } from '../helpers/tmp'

const handlers = vi.hoisted(() => ({
  on: {} as Record<string, (...a: unknown[]) => void>,
  once: {} as Record<string, () => void>,
  title: [] as string[],
  shown: 0,
  options: {} as Record<string, unknown>,
}))
vi.mock('electron', () => ({
  BrowserWindow: class {
    constructor(options: Record<string, unknown>) {
      handlers.options = options
    }
    once(event: string, fn: () => void) {
      handlers.once[event] = fn
    }
    on(event: string, fn: (...a: unknown[]) => void) {
      handlers.on[event] = fn
    }
    show() {
      handlers.shown++
    }
    setTitle(t: string) {
      handlers.title.push(t)
    }
    loadURL() {
      return Promise.resolve()
    }
  },
}))
const { createMainWindow } = await import('../../src/main/window')

describe('isAppUrl, dev server branch', () => {
  it('needs a parseable http(s) dev server on localhost', () => {
    expect(isAppUrl('http://localhost:5173/', 'not a url')).toBe(false)
    expect(isAppUrl('ftp://localhost:21/', 'ftp://localhost:21')).toBe(false)
    expect(isAppUrl('https://localhost:5173/#/x', 'https://localhost:5173')).toBe(true)
    expect(isAppUrl('http://127.0.0.1:5173/', 'http://127.0.0.1:5173')).toBe(false)
  })
})

describe('isSafeExternalUrl, literal prefix', () => {
  const hosts = new Set(['example.org'])
  it('wants https:// written as such', () => {
    expect(isSafeExternalUrl('HTTPS://example.org/', hosts)).toBe(false)
    expect(isSafeExternalUrl('https://example.org/', hosts)).toBe(true)
    expect(isSafeExternalUrl(42 as never, hosts)).toBe(false)
  })
})

describe('resolveStaticPath, dot segments', () => {
  it('refuses any .. even when it would land inside the root', () => {
    expect(resolveStaticPath('/srv/r', '/assets/../index.html')).toBeNull()
    expect(resolveStaticPath('/srv/r', '/assets/x/../../index.html')).toBeNull()
    expect(resolveStaticPath('/srv/r', '/assets/..x/index.html')).toBe('/srv/r/assets/..x/index.html')
  })
})

describe('main window handlers', () => {
  it('hides the menu bar, shows when ready, and keeps the product name in front of page titles', () => {
    createMainWindow({ preload: '/p.js', icon: '/i.png', url: 'app://ninekeeper/index.html' })
    expect(handlers.options.autoHideMenuBar).toBe(true)
    expect(handlers.shown).toBe(0)
    handlers.once['ready-to-show']?.()
    expect(handlers.shown).toBe(1)
    let prevented = 0
    const event = { preventDefault: () => prevented++ }
    handlers.on['page-title-updated']?.(event, 'Players')
    handlers.on['page-title-updated']?.(event, 'Ninekeeper — Stats')
    handlers.on['page-title-updated']?.(event, 'Stats — Ninekeeper')
    expect(prevented).toBe(3)
    expect(handlers.title).toEqual(['Ninekeeper — Players', 'Ninekeeper — Stats', 'Ninekeeper — Stats — Ninekeeper'])
  })
})

describe('private-files helpers', () => {
  const { dir, cleanup } = tempDir()
  afterAll(cleanup)

  it('lists and removes side files, only the ones asked for', () => {
    const f = join(dir, 'x.sqlite')
    for (const s of ['', '-wal', '-shm', '-journal']) writeFileSync(`${f}${s}`, 'x')
    expect(presentSideFiles(f)).toEqual(['-wal', '-shm', '-journal'])
    removeSideFiles(f, ['-shm'])
    expect(presentSideFiles(f)).toEqual(['-wal', '-journal'])
    removeSideFiles(f)
    expect(presentSideFiles(f)).toEqual([])
    expect(existsSync(f)).toBe(true)
  })

  it('canWrite is false for a missing path and true for our own folder', () => {
    expect(canWrite(join(dir, 'missing', 'file'))).toBe(false)
    expect(canWrite(dir)).toBe(true)
  })

  it.runIf(process.platform !== 'win32')(
    'tighten removes group and other bits only, and leaves a private file alone',
    () => {
      const sub = join(dir, 'sub')
      mkdirSync(sub)
      chmodSync(sub, 0o751)
      tighten(sub)
      expect(statSync(sub).mode & 0o777).toBe(0o700)
      const f = join(dir, 'f')
      writeFileSync(f, 'x')
      chmodSync(f, 0o400)
      tighten(f)
      expect(statSync(f).mode & 0o777).toBe(0o400)
      chmodSync(f, 0o644)
      tighten(f)
      expect(statSync(f).mode & 0o777).toBe(0o600)
      expect(() => tighten(join(dir, 'missing'))).not.toThrow()
    },
  )
})
