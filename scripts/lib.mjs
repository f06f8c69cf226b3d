// Helpers shared by the npm scripts: where things are, and whether Electron's binary is here.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
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
