/**
 * WebKit for the e2e tests: WebKitGTK's MiniBrowser (the engine Safari uses) in its own Xvfb, driven
 * through its own WebKitWebDriver over W3C WebDriver with plain fetch (docs/TABLES.md § Browsers tested).
 * Playwright's own WebKit cannot be downloaded here; Debian's webkit2gtk-driver and xvfb can be installed.
 * Every process started here is ended by stop(), also when a test fails (and, as a last resort, when the
 * worker exits): the driver runs in its own process group, with MiniBrowser and its web processes in it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../helpers/net'

/** Where Debian's WebKitGTK puts MiniBrowser (libwebkit2gtk-4.1-0, pulled in by webkit2gtk-driver), or null. */
export function miniBrowserPath(): string | null {
  for (const dir of ['/usr/lib', '/usr/libexec']) {
    const candidates = [join(dir, 'webkit2gtk-4.1/MiniBrowser')]
    try {
      for (const d of readdirSync(dir)) candidates.push(join(dir, d, 'webkit2gtk-4.1/MiniBrowser'))
    } catch {
      continue
    }
    const found = candidates.find((p) => existsSync(p))
    if (found) return found
  }
  return null
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

/** Why WebKit cannot be driven on this machine (naming the package to install), or null when it can. */
export function webkitMissing(): string | null {
  if (!onPath('WebKitWebDriver')) return 'WebKitWebDriver is not installed (apt-get install webkit2gtk-driver)'
  if (!miniBrowserPath()) return "WebKitGTK's MiniBrowser is not installed (apt-get install webkit2gtk-driver)"
  if (!onPath('Xvfb')) return 'Xvfb is not installed (apt-get install xvfb)'
  return null
}

/** Polls `check` until it gives something other than null/false, or fails after `timeoutMs` saying what it waited for. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | false> | T | null | false,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown = null
  for (;;) {
    try {
      const v = await check()
      if (v !== null && v !== false) return v
    } catch (e) {
      last = e
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (${String(last)})` : ''}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const c of running) killGroup(c, 'SIGKILL')
})

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // the group is gone already
  }
}

/**
 * True while a live process of the group `pgid` is left. Read from /proc, not kill(-pgid, 0): where no init
 * reaps orphans (a container), MiniBrowser's ended processes stay as zombies that kill(…, 0) still finds.
 */
export function groupAlive(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // ended meanwhile
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ')'
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(pgrp) === pgid && state !== 'Z') return true
  }
  return false
}

/** Ends a process group started here: SIGTERM, then SIGKILL after 5 s; resolves once no process of it is left. */
async function endGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid
  running.delete(child)
  if (!pid) return
  killGroup(child, 'SIGTERM')
  try {
    await until(`process group ${pid} to end`, () => !groupAlive(pid), 5_000)
  } catch {
    killGroup(child, 'SIGKILL')
    await until(`process group ${pid} to end after SIGKILL`, () => !groupAlive(pid), 5_000)
  }
}

/** A process in its own group, its output kept for error messages. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let out = ''
  const keep = (c: Buffer): void => {
    out = (out + c.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return { child, output: () => out }
}

/** Xvfb on the first display number from 99 that has no lock file; waits for its socket. */
async function startXvfb(): Promise<{ child: ChildProcess; display: string }> {
  for (let n = 99; n < 200; n++) {
    if (existsSync(`/tmp/.X${n}-lock`) || existsSync(`/tmp/.X11-unix/X${n}`)) continue
    const { child, output } = start('Xvfb', [`:${n}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], process.env)
    // another Xvfb may take the number between the check and the start: then this one exits, and the next is tried
    const up = await until(`Xvfb :${n} to listen`, () =>
      child.exitCode !== null || child.signalCode !== null ? 'exited' : existsSync(`/tmp/.X11-unix/X${n}`) && 'up',
    )
    if (up === 'up') return { child, display: `:${n}` }
    running.delete(child)
    if (!existsSync(`/tmp/.X${n}-lock`)) throw new Error(`Xvfb :${n} exited: ${output()}`)
  }
  throw new Error('no free X display number from :99 to :199')
}

type Json = Record<string, unknown>
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'
export type ElementRef = { [ELEMENT]: string }

async function call<T>(method: string, url: string, body?: Json): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(60_000),
  })
  const answer = (await res.json()) as { value: T & { error?: string; message?: string } }
  if (!res.ok) throw new Error(`WebDriver ${method} ${url}: ${answer.value.error}: ${answer.value.message}`)
  return answer.value
}

/** One WebKit window (a WebDriver session): the few commands the phone tests use. */
export class WebKitPage {
  constructor(readonly base: string) {}

  private cmd<T>(method: string, path: string, body?: Json): Promise<T> {
    return call<T>(method, `${this.base}${path}`, body)
  }

  /** Asks for the window's size; answers the size WebKit gave (a window has a minimum width). */
  setWindowSize(width: number, height: number): Promise<{ width: number; height: number }> {
    return this.cmd('POST', '/window/rect', { width, height })
  }

  async goto(url: string): Promise<void> {
    await this.cmd('POST', '/url', { url })
  }

  url(): Promise<string> {
    return this.cmd('GET', '/url')
  }

  /** Runs a function body in the page (`arguments[0]`… are the args; elements pass as ElementRef). */
  execute<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.cmd('POST', '/execute/sync', { script: body, args })
  }

  async findAll(xpath: string): Promise<ElementRef[]> {
    return this.cmd('POST', '/elements', { using: 'xpath', value: xpath })
  }

  /** The one element at `xpath`, waited for (more than one fails at once: the path is ambiguous). */
  async find(xpath: string, timeoutMs?: number): Promise<ElementRef> {
    const all = await until(
      `an element at ${xpath}`,
      async () => {
        const found = await this.findAll(xpath)
        return found.length > 0 && found
      },
      timeoutMs,
    )
    if (all.length > 1) throw new Error(`${all.length} elements at ${xpath}`)
    return all[0] as ElementRef
  }

  /** WebDriver's Element Click: WebKit's own mouse events at the element's centre, once it can be clicked. */
  async click(el: ElementRef): Promise<void> {
    await this.cmd('POST', `/element/${el[ELEMENT]}/click`, {})
  }

  /** Clears the field, then types `text` key by key (WebDriver's Element Send Keys). */
  async type(el: ElementRef, text: string): Promise<void> {
    await this.cmd('POST', `/element/${el[ELEMENT]}/clear`, {})
    await this.cmd('POST', `/element/${el[ELEMENT]}/value`, { text })
  }

  attribute(el: ElementRef, name: string): Promise<string | null> {
    return this.cmd('GET', `/element/${el[ELEMENT]}/attribute/${name}`)
  }

  /** The window's content as a PNG. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.cmd<string>('GET', '/screenshot'), 'base64')
  }

  text(el: ElementRef): Promise<string> {
    return this.cmd('GET', `/element/${el[ELEMENT]}/text`)
  }
}

export interface WebKit {
  page: WebKitPage
  /** MiniBrowser's WebKitGTK version (the session's browserVersion). */
  version: string
  /** The pids of the process groups started (Xvfb; the driver with MiniBrowser and its web processes). */
  groups: number[]
  stop(): Promise<void>
}

/** Starts Xvfb, WebKitWebDriver on a free 127.0.0.1 port and a MiniBrowser session; waits for each by polling. */
export async function startWebKit(): Promise<WebKit> {
  const browser = miniBrowserPath()
  if (!browser) throw new Error('MiniBrowser is missing')
  const xvfb = await startXvfb()
  let driver: { child: ChildProcess; output: () => string } | null = null
  const stop = async (): Promise<void> => {
    if (driver) await endGroup(driver.child)
    await endGroup(xvfb.child)
  }
  try {
    const port = await freePort()
    driver = start('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], { ...process.env, DISPLAY: xvfb.display })
    const root = `http://127.0.0.1:${port}`
    const d = driver
    await until('WebKitWebDriver to be ready', async () => {
      if (d.child.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${d.output()}`)
      return (await call<{ ready: boolean }>('GET', `${root}/status`)).ready
    })
    const session = await call<{ sessionId: string; capabilities: { browserVersion: string } }>(
      'POST',
      `${root}/session`,
      {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: browser, args: ['--automation'] },
          },
        },
      },
    )
    const page = new WebKitPage(`${root}/session/${session.sessionId}`)
    return {
      page,
      version: session.capabilities.browserVersion,
      groups: [xvfb.child.pid, d.child.pid].filter((p): p is number => p !== undefined),
      stop: async () => {
        // ending the session closes MiniBrowser; the group is ended whatever it answers
        await call('DELETE', page.base).catch(() => undefined)
        await stop()
      },
    }
  } catch (e) {
    await stop()
    throw e
  }
}
