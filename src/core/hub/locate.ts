/**
 * Where the hub's server is: `tursodb`, Turso's own binary (docs/SYNC.md § The hub). The packaged app
 * carries it in its resources folder (`<resources>/hub/`, copied there by electron-builder.yml's
 * extraResources); a source checkout has it from the `turso` npm package's per-platform package.
 * The Electron edge passes its resources folder in; nothing here imports Electron.
 */
import { accessSync, constants, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The `turso` package's binary package for each platform-arch the club hub runs on. */
export const HUB_PACKAGES: Readonly<Record<string, string>> = {
  'darwin-arm64': '@tursodatabase/cli-darwin-arm64',
  'darwin-x64': '@tursodatabase/cli-darwin-x64',
  'linux-arm64': '@tursodatabase/cli-linux-arm64-gnu',
  'linux-x64': '@tursodatabase/cli-linux-x64-gnu',
  'win32-x64': '@tursodatabase/cli-win32-x64-msvc',
}

/** The folder under the packaged app's resources that holds the binary. */
export const RESOURCES_HUB_DIR = 'hub'

export interface LocateOptions {
  /** The packaged app's resources folder (Electron's process.resourcesPath); looked at first. */
  resourcesPath?: string | undefined
  platform?: NodeJS.Platform
  arch?: string
  /** Where node_modules is looked up from (default: this module). */
  from?: string
}

export const binaryName = (platform: NodeJS.Platform): string => (platform === 'win32' ? 'tursodb.exe' : 'tursodb')

/** `file` can be run by this user (Windows has no such bit: it is a file there). */
function runnable(file: string, platform: NodeJS.Platform): string | null {
  if (!existsSync(file)) return null
  if (platform === 'win32') return file
  try {
    accessSync(file, constants.X_OK)
    return file
  } catch {
    throw new Error(`The hub's server ${file} is there but not executable (its file mode lacks the x bit).`)
  }
}

/** The tursodb binary for this platform: in the app's resources first, then in node_modules. */
export function hubBinary(options: LocateOptions = {}): string {
  const platform = options.platform ?? process.platform
  const arch = options.arch ?? process.arch
  const name = binaryName(platform)
  const looked: string[] = []
  if (options.resourcesPath) {
    const packaged = join(options.resourcesPath, RESOURCES_HUB_DIR, name)
    const found = runnable(packaged, platform)
    if (found) return found
    looked.push(packaged)
  }
  const pkg = HUB_PACKAGES[`${platform}-${arch}`]
  if (!pkg) throw new Error(`The club hub runs on macOS, Linux and Windows x64; not on ${platform}-${arch}.`)
  let dir: string | null = null
  try {
    dir = dirname(createRequire(options.from ?? __filename).resolve(`${pkg}/package.json`))
  } catch {
    looked.push(`the npm package ${pkg}`)
  }
  if (dir) {
    const found = runnable(join(dir, name), platform)
    if (found) return found
    looked.push(join(dir, name))
  }
  throw new Error(
    `The hub's server (tursodb) is not installed: looked for ${looked.join(' and ')}. ` +
      (options.resourcesPath
        ? 'Reinstall Ninekeeper: the installer puts it in the app’s resources.'
        : 'Run npm install in the Ninekeeper folder.'),
  )
}
