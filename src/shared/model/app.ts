export interface AppInfo {
  name: string
  version: string
  /** 'electron' in the desktop window, 'web' when served by the loopback web bridge. */
  mode: 'electron' | 'web'
  dataDir: string
  dataFile: string
  schemaVersion: number
  sqliteVersion: string
}
