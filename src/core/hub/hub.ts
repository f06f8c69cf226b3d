/**
 * The club's sync hub (docs/SYNC.md § The hub): Turso's own sync server (`tursodb --sync-server`) keeps
 * the club's database file in the data folder and listens on 127.0.0.1 only; the club's address is
 * served by Ninekeeper's front door (proxy.ts). `npm run hub` (scripts/hub.mjs), the app's
 * "Host the club on this laptop" (hosting.ts) and the tests start hubs through `startHub`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, readdirSync } from 'node:fs'
import { request } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { join, resolve } from 'node:path'
import { endLeftoverTurso, forgetTursoPid, recordTursoPid } from './leftover'
import { hubBinary } from './locate'
import { startHubProxy } from './proxy'
import { TOKEN_FILE, type HubLimits } from './proxy-rules'

export interface Hub {
  /** The club's address: Ninekeeper's front door (proxy.ts). */
  url: string
  /** The port the front door listens on. */
  port: number
  /** The club's database file (club.db in the data folder). */
  file: string
  /** Where the seeding laptop's token hash is kept (beside club.db). */
  tokenFile: string
  /** After a change of the club's join code: the hub's record of it. */
  codeFile: string
  /** tursodb itself, on 127.0.0.1 only (tests read the hub's rows there, past the front door). */
  databaseUrl: string
  /** tursodb's process. */
  pid: number | undefined
  /** Settles when tursodb has ended (on its own or by stop()); the front door is closed by then too. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Closes the front door and ends tursodb: `signal` (SIGTERM), then SIGKILL after the grace period. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

export interface HubOptions {
  port: number
  dataDir: string
  /** 127.0.0.1 (this computer only) or 0.0.0.0 (the club's network). */
  host?: string
  quiet?: boolean
  limits?: Partial<HubLimits>
  /** The tursodb to run (default: hubBinary(), from node_modules). */
  binary?: string
  /** How long stop() waits after SIGTERM before SIGKILL (default 3000 ms). */
  graceMs?: number
}

/**
 * Resolves once tursodb answers an HTTP request on 127.0.0.1:port (a valid `GET /`, answered 404: a
 * bare connection probe would make it log "Invalid HTTP request").
 */
function waitForHttp(port: number, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs
  return new Promise((res, rej) => {
    const attempt = (): void => {
      const r = request({ host: '127.0.0.1', port, method: 'GET', path: '/', timeout: 1000 }, (answer) => {
        answer.resume()
        answer.once('end', () => res())
      })
      r.once('timeout', () => r.destroy(new Error('timeout')))
      r.once('error', () => {
        if (Date.now() > until) rej(new Error(`the hub's database did not start listening on 127.0.0.1:${port}`))
        else setTimeout(attempt, 50)
      })
      r.end()
    }
    attempt()
  })
}

/** A loopback port nobody listens on right now (asked of the OS, then let go). */
function loopbackPort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer()
    s.once('error', rej)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => res(port))
    })
  })
}

/** Owner-only: the folder 0700, the hub's own files in it 0600 (the club's history, the token's hash). */
function ownerOnly(dir: string): void {
  if (process.platform === 'win32') return
  chmodSync(dir, 0o700)
  for (const f of readdirSync(dir, { withFileTypes: true }))
    if (f.isFile() && (f.name.startsWith('club.db') || f.name.startsWith(TOKEN_FILE)))
      chmodSync(join(dir, f.name), 0o600)
}

type Exit = { code: number | null; signal: NodeJS.Signals | null }

/** How long a start waits for another tursodb to let go of the folder (one still ending after a stop). */
const LOCK_WAIT_MS = 10_000

/** tursodb over `file` on 127.0.0.1, its files created owner-only; resolves once it answers. */
async function startDatabase(
  binary: string,
  file: string,
  quiet: boolean,
): Promise<{ child: ChildProcess; exited: Promise<Exit>; port: number }> {
  const lockedUntil = Date.now() + LOCK_WAIT_MS
  for (let attempt = 1; ; attempt++) {
    const port = await loopbackPort()
    // The child inherits the umask: club.db and its WAL are created 0600 (tursodb has no option).
    const umask = process.platform === 'win32' ? null : process.umask(0o077)
    let child: ChildProcess
    try {
      child = spawn(binary, [file, '--sync-server', `127.0.0.1:${port}`], {
        stdio: quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      })
    } finally {
      if (umask !== null) process.umask(umask)
    }
    // Quiet: the start of what it says on stderr is kept for the error when it stops at once.
    let said = ''
    child.stderr?.on('data', (c: Buffer) => {
      if (said.length < 2000) said += c.toString('utf8')
    })
    const exited = new Promise<Exit>((res) => {
      // 'close' (not 'exit'): what it said on stderr has been read by then.
      child.once('close', (code, signal) => res({ code, signal }))
      // A binary that cannot be run at all: 'error' and no 'exit'.
      child.once('error', () => res({ code: child.exitCode ?? -1, signal: null }))
    })
    let locked = false
    try {
      await Promise.race([
        waitForHttp(port, 10_000),
        exited.then(({ code, signal }) => {
          const first = said.split('\n')[0]?.trim()
          locked = /lock/i.test(said)
          throw new Error(`the hub's database stopped at once (exit ${code ?? signal})${first ? `: ${first}` : ''}`)
        }),
      ])
      return { child, exited, port }
    } catch (e) {
      child.kill('SIGKILL')
      // Another tursodb still holds the folder (one ending after a stop, or an app quit just before):
      // wait for it to let go.
      if (locked && Date.now() < lockedUntil) {
        await new Promise((r) => setTimeout(r, 200))
        continue
      }
      // Another program may have taken the port between asking and starting: try another one.
      if (locked || attempt >= 3) throw e
    }
  }
}

/**
 * Starts a hub (tursodb on 127.0.0.1 and the front door on host:port) and resolves once both answer.
 * A port another program holds is refused with "port N is already in use" (err.code EADDRINUSE).
 */
export async function startHub(options: HubOptions): Promise<Hub> {
  const { port, host = '127.0.0.1', quiet = true, limits = {}, graceMs = 3000 } = options
  const binary = options.binary ?? hubBinary()
  const dir = resolve(options.dataDir)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  ownerOnly(dir)
  const file = join(dir, 'club.db')
  // A tursodb a killed app left holding this folder (leftover.ts) is ended first: nobody is in front of it.
  await endLeftoverTurso(dir, file, graceMs)
  const { child, exited, port: upstreamPort } = await startDatabase(binary, file, quiet)
  const pid = child.pid
  if (pid !== undefined) {
    recordTursoPid(dir, pid, file)
    void exited.then(() => forgetTursoPid(dir, pid))
  }
  ownerOnly(dir)
  let front
  try {
    front = await startHubProxy({
      host,
      port,
      upstreamPort,
      dataDir: dir,
      limits,
      log: quiet ? () => {} : (line) => console.error(line),
    })
  } catch (e) {
    child.kill('SIGKILL')
    await exited
    const code = (e as NodeJS.ErrnoException | undefined)?.code
    throw Object.assign(
      new Error(
        code === 'EADDRINUSE'
          ? `port ${port} is already in use`
          : `the hub could not listen on ${host}:${port}: ${e instanceof Error ? e.message : String(e)}`,
        { cause: e },
      ),
      { code },
    )
  }
  const door = front
  // When tursodb stops on its own, the front door closes too (laptops see the hub as down).
  const ended = exited.then(async (how) => {
    await door.close()
    return how
  })
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${door.port}`,
    port: door.port,
    file,
    tokenFile: door.tokenFile,
    codeFile: door.codeFile,
    databaseUrl: `http://127.0.0.1:${upstreamPort}`,
    pid: child.pid,
    exited: ended,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      // Both at once, before any await: the door stops taking requests and tursodb gets its signal even
      // when the app exits right after calling this (its quit does not wait).
      const closing = door.close()
      if (child.exitCode !== null || child.signalCode !== null) return closing
      child.kill(signal)
      const t = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await Promise.all([closing, exited])
      clearTimeout(t)
    },
  }
}

/** The addresses other computers reach `port` at: one per IPv4 interface that is not loopback. */
export function lanAddresses(port: number): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((n) => n !== undefined && n.family === 'IPv4' && !n.internal)
    .map((n) => `http://${n?.address}:${port}`)
}
