// Helpers shared by the npm scripts: where things are, and whether Electron's binary is here.
// Only node: built-ins here: `npm start` and `npm test` import this before any dependency is installed.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const ELECTRON_DIR = join(ROOT, 'node_modules', 'electron')

/** The Electron executable, or null when the binary was never downloaded (as on our CI machines). */
export function electronBinary() {
  const pathFile = join(ELECTRON_DIR, 'path.txt')
  if (!existsSync(pathFile)) return null
  const exe = join(ELECTRON_DIR, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(exe) ? exe : null
}

export function electronVersion() {
  return JSON.parse(readFileSync(join(ELECTRON_DIR, 'package.json'), 'utf8')).version
}

/** Electron's NODE_MODULE_VERSION, shipped in the electron package (abi_version). */
export function electronAbi() {
  return readFileSync(join(ELECTRON_DIR, 'abi_version'), 'utf8').trim()
}

/** Tries Electron's own lazy download once, quietly; true when the binary is then present. */
export function tryDownloadElectron(timeoutMs = 120_000) {
  if (electronBinary()) return true
  spawnSync(process.execPath, [join(ELECTRON_DIR, 'install.js')], { cwd: ROOT, stdio: 'ignore', timeout: timeoutMs })
  return electronBinary() !== null
}

/** The ABI a compiled addon registers itself for (node_register_module_v<N>), read from the binary. */
export function addonAbi(file) {
  const m = /node_register_module_v(\d+)/.exec(readFileSync(file).toString('latin1'))
  return m ? m[1] : null
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on('error', () => resolve(127))
  })
}

/** As `run`, but the output (stdout and stderr, as they arrive) is held and given back with the code. */
export function runHeld(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const chunks = []
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts })
    child.stdout.on('data', (c) => chunks.push(c))
    child.stderr.on('data', (c) => chunks.push(c))
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    )
    child.on('error', (e) => resolve({ code: 127, output: `${cmd}: ${e.message}` }))
  })
}

/** Runs the tasks at most `limit` at a time; the results in the tasks' order. */
export async function inTurns(tasks, limit) {
  const results = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++
      results[i] = await tasks[i]()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return results
}

export const bin = (name) => join(ROOT, 'node_modules', '.bin', name)

/** The command that builds main, preload, the web bridge and the renderer into out/: [command, args]. */
export const BUILD_COMMAND = [bin('electron-vite'), ['build', '--logLevel', 'warn']]

/** Builds main, preload, the web bridge and the renderer into out/. */
export async function buildApp() {
  const code = await run(...BUILD_COMMAND)
  if (code !== 0) throw new Error('electron-vite build failed')
}

/**
 * Why node_modules needs (re)installing, or null when it is up to date: missing, or older than
 * package-lock.json (npm writes node_modules/.package-lock.json at the end of every install).
 */
export function installNeeded(root = ROOT) {
  const stamp = join(root, 'node_modules', '.package-lock.json')
  if (!existsSync(join(root, 'node_modules')) || !existsSync(stamp)) return 'node_modules is missing'
  if (statSync(join(root, 'package-lock.json')).mtimeMs > statSync(stamp).mtimeMs)
    return 'node_modules is older than package-lock.json'
  return null
}

/** A fresh clone sets itself up: `npm ci` when node_modules is missing or stale. Exits on failure. */
export function ensureInstalled(command) {
  const why = installNeeded()
  if (!why) return
  console.log(
    `${command}: ${why}; installing the dependencies with npm ci (once; about a minute where better-sqlite3 compiles)…`,
  )
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (r.status !== 0) {
    console.error(`${command}: npm ci failed (see above); fix that, then run ${command} again.`)
    process.exit(r.status || 1)
  }
}

export const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

/** Where Playwright keeps (or would keep) its own Chromium, or null without playwright-core in `root`. */
export function playwrightChromiumPath(root = ROOT) {
  try {
    return createRequire(join(root, 'package.json'))('playwright-core').chromium.executablePath() || null
  } catch {
    // playwright-core not installed: there is no Playwright browser to look for.
    return null
  }
}

/** Downloads Playwright's own Chromium with the project's Playwright (`npx playwright install chromium`); its exit code. */
export function installPlaywrightChromium(root = ROOT, timeoutMs = 15 * 60_000) {
  const r = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['playwright', 'install', 'chromium'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    timeout: timeoutMs,
  })
  return r.status ?? 1
}

const INSTALL_LINE =
  'install one with `sudo apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium executable.'

/**
 * The Chromium for the browser tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the one
 * Playwright downloaded. { path } or { error: one line saying how to get one }. Looks only; `io` replaces
 * the file system check and the Playwright lookup (tests).
 */
export function findChromium(
  env = process.env,
  root = ROOT,
  system = SYSTEM_CHROMIUMS,
  io = { exists: existsSync, playwrightPath: playwrightChromiumPath },
) {
  if (env.CHROMIUM_PATH) {
    return io.exists(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH }
      : {
          error: `CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which does not exist: point it at a Chromium or Chrome executable, or unset it.`,
        }
  }
  for (const p of system) if (io.exists(p)) return { path: p }
  const own = io.playwrightPath(root)
  if (own && io.exists(own)) return { path: own }
  return { error: `No Chromium for the browser tests: ${INSTALL_LINE}` }
}

/**
 * What `npm test` runs: findChromium, and where it finds none, Playwright's own download (which works on
 * an ordinary developer machine), then the browser it put there. Only when that fails too: { error } with the
 * one line saying what to install. A CHROMIUM_PATH that does not exist is reported, not replaced by a
 * download. `io` replaces the file system check, the Playwright lookup, the download and the log (tests).
 */
export function obtainChromium({
  env = process.env,
  root = ROOT,
  system = SYSTEM_CHROMIUMS,
  io = {
    exists: existsSync,
    playwrightPath: playwrightChromiumPath,
    install: installPlaywrightChromium,
    log: (line) => console.log(line),
  },
} = {}) {
  const found = findChromium(env, root, system, io)
  if (found.path || env.CHROMIUM_PATH) return found
  if (io.playwrightPath(root) === null) {
    return { error: `No Chromium for the browser tests, and no Playwright installed to download one: ${INSTALL_LINE}` }
  }
  io.log("No Chromium found; downloading Playwright's own with `npx playwright install chromium` (once)…")
  const code = io.install(root)
  const own = io.playwrightPath(root)
  if (code === 0 && own && io.exists(own)) {
    io.log(`Using Playwright's Chromium at ${own}.`)
    return { path: own, downloaded: true }
  }
  const why = code === 0 ? 'finished but left no browser' : `failed (exit code ${code})`
  return {
    error: `No Chromium for the browser tests, and \`npx playwright install chromium\` ${why}: ${INSTALL_LINE}`,
  }
}
