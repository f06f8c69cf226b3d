export type BackupKind = 'daily' | 'manual' | 'before-restore' | 'before-migration'

export interface BackupFileInfo {
  name: string
  size: number
  createdAt: string
  kind: BackupKind
}

export interface BackupInfo {
  dir: string
  /** How many daily and manual backups are kept (older ones are deleted). */
  keep: number
  lastAt: string | null
  files: BackupFileInfo[]
}

export interface ImportConflict {
  kind: 'player' | 'match' | 'event'
  id: string
  message: string
}

export interface ImportReport {
  playersAdded: number
  matchesAdded: number
  eventsAdded: number
  unchanged: number
  conflicts: ImportConflict[]
}
