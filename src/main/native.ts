/**
 * better-sqlite3 needs two builds: Node's ABI for tests and the web bridge, Electron's for the
 * desktop app. The Electron build lives apart (scripts/build-electron-native.mjs writes it to
 * .native/electron-abi<N>/, electron-builder copies that into resources/native/), and main loads it
 * through better-sqlite3's `nativeBinding` option. This module only computes paths.
 */
import { join } from 'node:path'

export const NATIVE_DIR = '.native'

export function electronNativeDirName(abi: string): string {
  return `electron-abi${abi}`
}

/** Where to look, in order, for the Electron-ABI better_sqlite3.node. */
export function electronNativeCandidates(opts: {
  abi: string
  appPath: string
  resourcesPath: string
  packaged: boolean
}): string[] {
  const name = join(electronNativeDirName(opts.abi), 'better_sqlite3.node')
  return opts.packaged ? [join(opts.resourcesPath, 'native', name)] : [join(opts.appPath, NATIVE_DIR, name)]
}
