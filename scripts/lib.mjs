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

export const bin = (name) => join(ROOT, 'node_modules', '.bin', name)

/** Builds main, preload, the web bridge and the renderer into out/. */
export async function buildApp() {
  const code = await run(bin('electron-vite'), ['build', '--logLevel', 'warn'])
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

/**
 * The Chromium for the browser tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the one
 * Playwright downloads itself. { path } or { error: one line saying how to get one }.
 */
export function findChromium(
  env = process.env,
  root = ROOT,
  system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
) {
  if (env.CHROMIUM_PATH) {
    return existsSync(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH }
      : {
          error: `CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which does not exist: point it at a Chromium or Chrome executable, or unset it.`,
        }
  }
  for (const p of system) if (existsSync(p)) return { path: p }
  try {
    const own = createRequire(join(root, 'package.json'))('playwright-core').chromium.executablePath()
    if (own && existsSync(own)) return { path: own }
  } catch {
    // playwright-core not installed: fall through to the instructions.
  }
  return {
    error:
      'No Chromium for the browser tests: install one with `sudo apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium executable.',
  }
}
