import { homedir } from 'node:os'
import { join } from 'node:path'
import { PRODUCT_NAME } from '../shared/branding'

/**
 * The OS-conventional per-user data folder, the same place Electron's app.getPath('userData') gives
 * for our product name, so the desktop app and `npm run web` share one file by default.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME)
  return join(
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(home, '.config'),
    PRODUCT_NAME,
  )
}

/** --data-dir wins, then NINEKEEPER_DATA_DIR, then the OS default. */
export function resolveDataDir(cliValue: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (cliValue && cliValue.trim()) return cliValue
  if (env.NINEKEEPER_DATA_DIR && env.NINEKEEPER_DATA_DIR.trim()) return env.NINEKEEPER_DATA_DIR
  return defaultDataDir(env)
}
