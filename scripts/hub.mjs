#!/usr/bin/env node
// `npm run hub -- --port 8800 --data-dir ./club-hub [--host 0.0.0.0]`: the club's sync hub, Turso's
// own sync server (`tursodb --sync-server`, from the `turso` npm package) over one database file in
// the data folder. Laptops join it in Settings → Club. It has no authentication of its own: keep it on
// the club's own network (every event is signed with the club key, so a stranger's rows are refused
// by the laptops, but anyone who reaches the hub can read the history and fill it with junk).
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdirSync } from 'node:fs'
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

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

function waitForPort(host, port, deadlineMs) {
  const until = Date.now() + deadlineMs
  return new Promise((res, rej) => {
    const attempt = () => {
      const s = connect({ host, port })
      s.once('connect', () => {
        s.destroy()
        res()
      })
      s.once('error', () => {
        s.destroy()
        if (Date.now() > until) rej(new Error(`the hub did not start listening on ${host}:${port}`))
        else setTimeout(attempt, 50)
      })
    }
    attempt()
  })
}

/**
 * Starts a hub and resolves once it accepts connections. `stop()` ends it (SIGTERM, then SIGKILL).
 * Tests start hubs this way too.
 */
export async function startHub({ port, dataDir, host = '127.0.0.1', quiet = true }) {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'club.db')
  const child = spawn(hubBinary(), [file, '--sync-server', `${host}:${port}`], {
    stdio: quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })))
  try {
    await Promise.race([
      waitForPort(host === '0.0.0.0' ? '127.0.0.1' : host, port, 10_000),
      exited.then(({ code, signal }) => {
        throw new Error(`the hub stopped at once (exit ${code ?? signal}); is port ${port} already in use?`)
      }),
    ])
  } catch (e) {
    child.kill('SIGKILL')
    throw e
  }
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    file,
    pid: child.pid,
    exited,
    async stop(signal = 'SIGTERM') {
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
    "No password protects the hub itself: keep it on the club's own network. Back it up by copying the data folder while the hub is stopped.",
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
