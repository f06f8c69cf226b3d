#!/usr/bin/env node
// `npm run hub -- --port 8800 --data-dir ./club-hub [--host 0.0.0.0]`: the club's sync hub. Turso's own
// sync server (`tursodb --sync-server`, from the `turso` npm package) keeps the club's database file in
// the data folder and listens on 127.0.0.1 only; the club's address is served by Ninekeeper's own front
// door (scripts/hub-proxy.mjs), which lets in only laptops holding the club code (the hub token) and
// only the requests and statements the app's sync sends. Laptops join it in Settings → Club.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { chmodSync, mkdirSync, readdirSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { networkInterfaces } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startHubProxy, TOKEN_FILE } from './hub-proxy.mjs'

const require = createRequire(import.meta.url)

const PLATFORMS = {
  'darwin-arm64': '@tursodatabase/cli-darwin-arm64',
  'darwin-x64': '@tursodatabase/cli-darwin-x64',
  'linux-arm64': '@tursodatabase/cli-linux-arm64-gnu',
  'linux-x64': '@tursodatabase/cli-linux-x64-gnu',
  'win32-x64': '@tursodatabase/cli-win32-x64-msvc',
}

/** The tursodb binary the `turso` package installed for this platform. */
export function hubBinary() {
  const pkg = PLATFORMS[`${process.platform}-${process.arch}`]
  if (!pkg)
    throw new Error(`The club hub runs on macOS, Linux and Windows x64; not on ${process.platform}-${process.arch}.`)
  try {
    return join(
      dirname(require.resolve(`${pkg}/package.json`)),
      process.platform === 'win32' ? 'tursodb.exe' : 'tursodb',
    )
  } catch {
    throw new Error(`The hub's server (${pkg}) is not installed: run npm install in the Ninekeeper folder.`)
  }
}

/**
 * Resolves once tursodb answers an HTTP request on 127.0.0.1:port (a valid `GET /`, answered 404: a
 * bare connection probe would make it log "Invalid HTTP request").
 */
function waitForHttp(port, deadlineMs) {
  const until = Date.now() + deadlineMs
  return new Promise((res, rej) => {
    const attempt = () => {
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
function loopbackPort() {
  return new Promise((res, rej) => {
    const s = createServer()
    s.once('error', rej)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => res(port))
    })
  })
}

/** Owner-only: the folder 0700, the hub's own files in it 0600 (the club's history, the token's hash). */
function ownerOnly(dir) {
  if (process.platform === 'win32') return
  chmodSync(dir, 0o700)
  for (const f of readdirSync(dir, { withFileTypes: true }))
    if (f.isFile() && (f.name.startsWith('club.db') || f.name.startsWith(TOKEN_FILE)))
      chmodSync(join(dir, f.name), 0o600)
}

/** tursodb over `file` on 127.0.0.1, its files created owner-only; resolves once it answers. */
async function startDatabase(file, quiet) {
  for (let attempt = 1; ; attempt++) {
    const port = await loopbackPort()
    // The child inherits the umask: club.db and its WAL are created 0600 (tursodb has no option).
    const umask = process.platform === 'win32' ? null : process.umask(0o077)
    let child
    try {
      child = spawn(hubBinary(), [file, '--sync-server', `127.0.0.1:${port}`], {
        stdio: quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
      })
    } finally {
      if (umask !== null) process.umask(umask)
    }
    const exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })))
    try {
      await Promise.race([
        waitForHttp(port, 10_000),
        exited.then(({ code, signal }) => {
          throw new Error(`the hub's database stopped at once (exit ${code ?? signal})`)
        }),
      ])
      return { child, exited, port }
    } catch (e) {
      child.kill('SIGKILL')
      // Another program may have taken the port between asking and starting: try another one.
      if (attempt >= 3) throw e
    }
  }
}

/**
 * Starts a hub (tursodb on 127.0.0.1 and the front door on host:port) and resolves once both answer.
 * `stop()` closes the front door and ends tursodb (SIGTERM, then SIGKILL). Tests start hubs this way too.
 */
export async function startHub({ port, dataDir, host = '127.0.0.1', quiet = true, limits = {} }) {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  ownerOnly(dir)
  const file = join(dir, 'club.db')
  const { child, exited, port: upstreamPort } = await startDatabase(file, quiet)
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
    throw new Error(
      e?.code === 'EADDRINUSE'
        ? `port ${port} is already in use`
        : `the hub could not listen on ${host}:${port}: ${e.message}`,
      { cause: e },
    )
  }
  // When tursodb stops on its own, the front door closes too (laptops see the hub as down).
  void exited.then(() => front.close())
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${front.port}`,
    file,
    tokenFile: front.tokenFile,
    codeFile: front.codeFile,
    databaseUrl: `http://127.0.0.1:${upstreamPort}`,
    pid: child.pid,
    exited,
    async stop(signal = 'SIGTERM') {
      await front.close()
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill(signal)
      const t = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(t)
    },
  }
}

function parseArgs(argv) {
  const out = { port: 8800, dataDir: './club-hub', host: '127.0.0.1' }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const next = () => {
      const v = argv[++i]
      if (v === undefined) throw new Error(`${a} needs a value`)
      return v
    }
    if (a === '--port') out.port = Number(next())
    else if (a === '--data-dir') out.dataDir = next()
    else if (a === '--host') out.host = next()
    else if (a === '--help' || a === '-h') out.help = true
    else throw new Error(`unknown option ${a} (use --port, --data-dir, --host)`)
  }
  if (!Number.isInteger(out.port) || out.port < 1 || out.port > 65535)
    throw new Error('--port must be a number from 1 to 65535')
  return out
}

async function main() {
  let args
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (e) {
    console.error(`npm run hub: ${e.message}`)
    process.exit(2)
  }
  if (args.help) {
    console.log('npm run hub -- [--port 8800] [--data-dir ./club-hub] [--host 127.0.0.1|0.0.0.0]')
    return
  }
  let hub
  try {
    hub = await startHub({ ...args, quiet: false })
  } catch (e) {
    console.error(`npm run hub: ${e.message}`)
    process.exit(1)
  }
  const lan = Object.values(networkInterfaces())
    .flat()
    .filter((n) => n && n.family === 'IPv4' && !n.internal)
    .map((n) => `http://${n.address}:${args.port}`)
  console.log(`Ninekeeper club hub: ${hub.url}  (data: ${hub.file})`)
  if (args.host === '127.0.0.1' || args.host === 'localhost') {
    console.log(
      "Only this computer can reach it. For the club's other laptops, start it with --host 0.0.0.0 on the club's own network.",
    )
  } else if (lan.length) {
    console.log(`Other laptops use: ${lan.join('  or  ')}`)
  }
  console.log(
    "To start a club: Settings → Club → Create a club, with this hub's address. To join: the same address and the club code.",
  )
  console.log(
    'Only laptops holding the club code get in (the first laptop that creates a club here sets it). Back the hub up by copying the data folder while it is stopped.',
  )
  console.log('Ctrl+C stops the hub.')
  const stop = () => void hub.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const { code, signal } = await hub.exited
  console.error(`The hub stopped (${code ?? signal}).`)
  process.exit(code ?? 1)
}

// No top-level await: benchmarks load this file through tsx's CommonJS loader.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`npm run hub: ${e.message}`)
    process.exit(1)
  })
}
