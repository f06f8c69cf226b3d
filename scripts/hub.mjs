#!/usr/bin/env node
// `npm run hub -- --port 8800 --data-dir ./club-hub [--host 0.0.0.0]`: the club's sync hub. Turso's own
// sync server (`tursodb --sync-server`, from the `turso` npm package) keeps the club's database file in
// the data folder and listens on 127.0.0.1 only; the club's address is served by Ninekeeper's own front
// door, which lets in only laptops holding the club code (the hub token) and only the requests and
// statements the app's sync sends. Laptops join it in Settings → Club. The hub itself is
// src/core/hub/ (the desktop app hosts the same one: Settings → Club → Host the club on this laptop);
// this is its command line, loading that TypeScript through tsx.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'

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
  const { startHub, lanAddresses } = await tsImport('../src/core/hub/hub.ts', import.meta.url)
  let hub
  try {
    hub = await startHub({ ...args, quiet: false })
  } catch (e) {
    console.error(`npm run hub: ${e.message}`)
    process.exit(1)
  }
  const lan = lanAddresses(args.port)
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
  let stopping = false
  const stop = () => {
    stopping = true
    void hub.stop().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const { code, signal } = await hub.exited
  if (stopping) return
  console.error(`The hub stopped (${code ?? signal}).`)
  process.exit(code ?? 1)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`npm run hub: ${e.message}`)
    process.exit(1)
  })
}
