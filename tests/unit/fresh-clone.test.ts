/**
 * `npm start` and `npm test` set themselves up on a fresh clone (issue 16): they install when
 * node_modules is missing or older than package-lock.json, and npm test finds a Chromium or says in
 * one line how to get one. scripts/lib.mjs does both with node: built-ins only, since it runs first.
 */
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findChromium, installNeeded, obtainChromium } from '../../scripts/lib.mjs'

function clone(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-clone-'))
  writeFileSync(join(dir, 'package.json'), '{"name":"x","version":"1.0.0"}')
  writeFileSync(join(dir, 'package-lock.json'), '{}')
  return dir
}

describe('fresh clone set-up', () => {
  it('installs when node_modules is missing, or older than package-lock.json, and not otherwise', () => {
    const dir = clone()
    expect(installNeeded(dir)).toBe('node_modules is missing')
    mkdirSync(join(dir, 'node_modules'))
    expect(installNeeded(dir)).toBe('node_modules is missing') // no install ever finished there
    writeFileSync(join(dir, 'node_modules/.package-lock.json'), '{}')
    const now = Date.now() / 1000
    utimesSync(join(dir, 'package-lock.json'), now - 60, now - 60)
    utimesSync(join(dir, 'node_modules/.package-lock.json'), now, now)
    expect(installNeeded(dir)).toBeNull()
    utimesSync(join(dir, 'package-lock.json'), now + 60, now + 60) // e.g. after a pull that changed the lockfile
    expect(installNeeded(dir)).toBe('node_modules is older than package-lock.json')
  })

  it('the scripts that run before the install import only node: built-ins', () => {
    for (const file of ['scripts/lib.mjs', 'scripts/test.mjs', 'scripts/start.mjs']) {
      const source = readFileSync(join(__dirname, '../..', file), 'utf8')
      const imports = [...source.matchAll(/^import .* from '([^']+)'/gm)].map((m) => m[1])
      expect(
        imports.filter((i) => !i?.startsWith('node:') && i !== './lib.mjs'),
        file,
      ).toEqual([])
    }
  })

  it('finds a Chromium: CHROMIUM_PATH first, then the system one, then Playwright’s own', () => {
    const dir = clone()
    const fake = join(dir, 'chromium')
    writeFileSync(fake, '')
    expect(findChromium({ CHROMIUM_PATH: fake }, dir, [])).toEqual({ path: fake })
    expect(findChromium({}, dir, ['/nonexistent/chromium', fake])).toEqual({ path: fake })
    expect(findChromium({ CHROMIUM_PATH: join(dir, 'missing') }, dir, [fake]).error).toMatch(
      /^CHROMIUM_PATH is set to .*missing, which does not exist/,
    )
  })

  it('without any Chromium, says in one line exactly how to get one', () => {
    const dir = clone() // no playwright-core here, no system browser passed
    const found = findChromium({}, dir, ['/nonexistent/chromium'])
    expect(found.path).toBeUndefined()
    expect(found.error).not.toContain('\n')
    expect(found.error).toContain('apt-get install chromium')
    expect(found.error).toContain('npx playwright install chromium')
    expect(found.error).toContain('CHROMIUM_PATH')
  })

  describe('npm test gets a Chromium: found, else Playwright’s download, else the one line', () => {
    const ROOT_DIR = '/project'
    const OWN = '/home/dev/.cache/ms-playwright/chromium-1/chrome'

    /** A file system of the paths in `files`, and a download that adds Playwright's browser with `exitCode`. */
    function machine(files: string[], opts: { exitCode?: number; leavesBrowser?: boolean; playwright?: boolean } = {}) {
      const present = new Set(files)
      const calls: string[] = []
      const lines: string[] = []
      const io = {
        exists: (path: string) => present.has(path),
        playwrightPath: () => (opts.playwright === false ? null : OWN),
        install: (root: string) => {
          calls.push(root)
          if ((opts.exitCode ?? 0) === 0 && opts.leavesBrowser !== false) present.add(OWN)
          return opts.exitCode ?? 0
        },
        log: (line: string) => lines.push(line),
      }
      return { io, calls, lines }
    }

    it('uses a Chromium that is there and downloads nothing', () => {
      for (const files of [['/usr/bin/chromium'], [OWN]]) {
        const m = machine(files)
        expect(obtainChromium({ env: {}, root: ROOT_DIR, system: ['/usr/bin/chromium'], io: m.io })).toEqual({
          path: files[0],
        })
        expect(m.calls).toEqual([])
      }
    })

    it('without one, runs Playwright’s download once in the project and uses the browser it put there', () => {
      const m = machine([])
      expect(obtainChromium({ env: {}, root: ROOT_DIR, system: ['/usr/bin/chromium'], io: m.io })).toEqual({
        path: OWN,
        downloaded: true,
      })
      expect(m.calls).toEqual([ROOT_DIR])
      expect(m.lines.join('\n')).toContain('npx playwright install chromium')
      expect(m.lines.at(-1)).toBe(`Using Playwright's Chromium at ${OWN}.`)
    })

    it.each([
      ['the download fails', { exitCode: 1 }, 'failed (exit code 1)', 1],
      ['the download leaves no browser', { leavesBrowser: false }, 'finished but left no browser', 1],
      ['Playwright is not installed', { playwright: false }, 'no Playwright installed to download one', 0],
    ])('when %s, says in one line what to install', (_case, opts, why, downloads) => {
      const m = machine([], opts)
      const found = obtainChromium({ env: {}, root: ROOT_DIR, system: ['/usr/bin/chromium'], io: m.io })
      expect(found.path).toBeUndefined()
      expect(found.error).not.toContain('\n')
      expect(found.error).toContain(why)
      expect(found.error).toContain('apt-get install chromium')
      expect(found.error).toContain('CHROMIUM_PATH')
      expect(m.calls).toHaveLength(downloads)
    })

    it('reports a CHROMIUM_PATH that does not exist instead of downloading another browser', () => {
      const m = machine(['/usr/bin/chromium'])
      const found = obtainChromium({ env: { CHROMIUM_PATH: '/opt/none/chrome' }, root: ROOT_DIR, io: m.io })
      expect(found.error).toMatch(/^CHROMIUM_PATH is set to \/opt\/none\/chrome, which does not exist/)
      expect(m.calls).toEqual([])
    })
  })
})
