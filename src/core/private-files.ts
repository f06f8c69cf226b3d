/**
 * The data folder and every file Ninekeeper writes into it (the data file, its -wal/-shm, backups,
 * uploads) are private to the user on POSIX: folders 0700, files 0600. Set on creation, and
 * tightened when an existing folder or file lets group or others in. Windows keeps its ACLs.
 */
import { accessSync, chmodSync, closeSync, constants, existsSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600
const POSIX = process.platform !== 'win32'

/** SQLite's side files of a database file. */
export const SIDE_SUFFIXES = ['-wal', '-shm', '-journal'] as const

/** Removes group and other permissions from `path` if it has any (never from a sticky folder); a missing path is fine. */
export function tighten(path: string): void {
  if (!POSIX) return
  let full: number
  try {
    full = statSync(path).mode
  } catch {
    return
  }
  // A sticky folder (/tmp, a shared drop folder) is shared on purpose: a data file placed straight
  // in it must not take the folder away from everyone else (that once left /tmp at 0700 here).
  if (full & 0o1000) return
  const mode = full & 0o777
  if ((mode & 0o077) === 0) return
  try {
    chmodSync(path, mode & 0o700)
  } catch {
    // Not ours to change (another owner): the write check at open reports what matters.
  }
}

/** Creates `dir` (and missing parents) as 0700, and tightens it if it already existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  tighten(dir)
}

/** Creates an empty file readable and writable by the user only (truncating any old one). */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'w', PRIVATE_FILE_MODE))
  tighten(path)
}

/** Tightens a database file and its side files. */
export function tightenDatabaseFiles(file: string): void {
  tighten(file)
  for (const s of SIDE_SUFFIXES) tighten(`${file}${s}`)
}

/** Removes the side files SQLite may leave beside a copy that is no longer open. */
export function removeSideFiles(file: string, only?: readonly string[]): void {
  for (const s of SIDE_SUFFIXES) if (!only || only.includes(s)) rmSync(`${file}${s}`, { force: true })
}

/** The side files present beside `file` now (so a read-only look can remove only those it created). */
export function presentSideFiles(file: string): string[] {
  return SIDE_SUFFIXES.filter((s) => existsSync(`${file}${s}`))
}

/** True when this process may write (and, for a folder, create files in) `path`. */
export function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK | (statSync(path).isDirectory() ? constants.X_OK : 0))
    return true
  } catch {
    return false
  }
}
