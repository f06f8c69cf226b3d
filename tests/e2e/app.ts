/** Starts the built app (out/main/web.js) on a free port with a given data dir, as `npm run web` does. */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'

const ROOT = resolve(__dirname, '../..')
const WEB_ENTRY = join(ROOT, process.env.NINEKEEPER_OUT_DIR ?? 'out', 'main/web.js')

export interface RunningApp {
  url: string
  dataDir: string
  stop(): Promise<void>
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'ninekeeper-e2e-'))
}

export async function startApp(dataDir: string): Promise<RunningApp> {
  if (!existsSync(WEB_ENTRY)) throw new Error('out/main/web.js is missing: run `npm run build` first (npm test does).')
  const child: ChildProcess = spawn(process.execPath, [WEB_ENTRY, '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = ''
    let err = ''
    const timer = setTimeout(() => reject(new Error(`web bridge did not start: ${out}${err}`)), 15_000)
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString()
      // The printed address carries the per-start secret (…/?k=…); opening it sets the session cookie.
      const m = /running at (http:\/\/127\.0\.0\.1:\d+\/\?k=[A-Za-z0-9_-]+)\s/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolveUrl(m[1])
      }
    })
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()))
    child.on('exit', (code) => reject(new Error(`web bridge exited (${code}): ${err}`)))
  })
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}

/** Fails the test on any console error or CSP violation in the page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  return problems
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** Runs axe-core in the page (injected through the DevTools protocol, so the page's CSP still holds). */
export async function axeScan(
  page: Page,
): Promise<{ id: string; impact: string | null; help: string; nodes: string[] }[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
          }>
        }
      }
    ).axe
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    })
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }))
  })
  return violations
}

/** The axe findings that fail a test: those of serious or critical impact. */
export async function seriousViolations(
  page: Page,
): Promise<{ id: string; impact: string | null; help: string; nodes: string[] }[]> {
  return (await axeScan(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** Calls the app's API from inside the page, as the renderer does (same session cookie, same contract). */
export async function apiCall<T = unknown>(page: Page, channel: string, payload: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([ch, body]) => {
      const res = await fetch(`/api/${ch}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      return (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } }
    },
    [channel, payload] as const,
  )
  if (!result.ok) throw new Error(`${channel} refused: ${result.error?.message}`)
  return result.value as T
}

/** Creates players (by name) and a match through the API; returns the match id. Page must be open on the app. */
export async function seedMatch(
  page: Page,
  gameId: string,
  names: string[],
  options: Record<string, unknown> = {},
): Promise<string> {
  const existing = await apiCall<{ id: string; name: string }[]>(page, 'players:list', { includeArchived: true })
  const ids: string[] = []
  for (const name of names) {
    const found = existing.find((p) => p.name === name)
    ids.push(found ? found.id : (await apiCall<{ id: string }>(page, 'players:create', { name })).id)
  }
  const match = await apiCall<{ id: string }>(page, 'matches:create', { gameId, playerIds: ids, options })
  return match.id
}
