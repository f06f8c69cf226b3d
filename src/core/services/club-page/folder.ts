/**
 * Writing the club page into the folder the user chose (docs/ARCHITECTURE.md § The club page). Only a
 * new folder, an empty one, or a club page written before (it holds MARKER, listing its files, and
 * nothing else) is taken; anything else is refused and left as it was. The new page is written whole
 * into a hidden sibling first, then put in place by renames: a kill while writing leaves the old page;
 * a kill between the two renames leaves the old page beside the folder, and the next publish puts it
 * back before anything else.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import { err, ok, type Result } from '../../../shared/result'

/** The file that says "a club page Ninekeeper wrote", with the list of its files. */
export const MARKER = '.ninekeeper-club-page'
const MARKER_HEAD = 'Ninekeeper club page'

/** The steps a test may stop the write after, as a kill would. */
export type PublishStep = 'written' | 'old-moved' | 'new-moved'

export interface FolderWrite {
  folder: string
  /** True when a club page written before was replaced. */
  replaced: boolean
  bytes: number
}

const refuse = (message: string): Result<never> => err('invalid-folder', message, 'folder')

/** Every file under `dir`, as relative paths with `/`, sorted. */
function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}${e.name}`
    if (e.isDirectory()) out.push(...listFiles(join(dir, e.name), `${rel}/`))
    else out.push(rel)
  }
  return out.sort()
}

/** The files a club page lists in its marker, or null when `dir` is not a club page. */
function pageFiles(dir: string): string[] | null {
  const marker = join(dir, MARKER)
  if (!existsSync(marker) || !lstatSync(marker).isFile()) return null
  const lines = readFileSync(marker, 'utf8').split('\n')
  if (lines[0] !== MARKER_HEAD) return null
  return lines.slice(lines.indexOf('Files:') + 1).filter(Boolean)
}

function markerText(paths: readonly string[]): string {
  return `${MARKER_HEAD}\nWritten by Ninekeeper's "Publish club page". Publishing again replaces this folder whole.\nFiles:\n${paths.join('\n')}\n`
}

function writeDurably(path: string, text: string): number {
  const bytes = Buffer.from(text, 'utf8')
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, bytes)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  return bytes.length
}

function syncDir(dir: string): void {
  // Directories cannot be opened for fsync on Windows; there the rename is as durable as it gets.
  if (process.platform === 'win32') return
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** What a kill left beside the folder last time: the old page put back, a half-written one removed. */
function recover(folder: string, fresh: string, old: string): Result<true> {
  if (existsSync(old)) {
    if (pageFiles(old) === null)
      return refuse(`${old} is in the way: it is not a club page. Move it, then publish again.`)
    if (!existsSync(folder)) renameSync(old, folder)
    else rmSync(old, { recursive: true, force: true })
  }
  if (existsSync(fresh)) {
    if (pageFiles(fresh) === null)
      return refuse(`${fresh} is in the way: it is not a club page. Move it, then publish again.`)
    rmSync(fresh, { recursive: true, force: true })
  }
  return ok(true)
}

/** A folder found fit for the club page, and where its new and old pages wait beside it. */
export interface CheckedFolder {
  folder: string
  parent: string
  fresh: string
  old: string
  /** A club page written before is there (else the folder is new or empty). */
  replaced: boolean
}

/**
 * Whether the club page may be written in `target`: a full path in a folder that exists, new or empty or a
 * club page written before holding nothing else. What a kill left beside it last time is put right first.
 */
export function checkClubFolder(target: string): Result<CheckedFolder> {
  if (!isAbsolute(target))
    return refuse(
      `Give the folder's full path (like /home/ana/club-page or C:\\Users\\Ana\\club-page); “${target}” is not one.`,
    )
  const folder = resolve(target)
  const parent = dirname(folder)
  if (parent === folder) return refuse('Choose a folder inside a drive, not the drive itself.')
  if (!existsSync(parent) || !lstatSync(parent).isDirectory())
    return refuse(`The folder ${parent} does not exist: choose a folder in one that does.`)
  const fresh = join(parent, `.${basename(folder)}.club-page-new`)
  const old = join(parent, `.${basename(folder)}.club-page-old`)
  const recovered = recover(folder, fresh, old)
  if (!recovered.ok) return recovered

  let replaced = false
  if (existsSync(folder)) {
    const st = lstatSync(folder)
    if (st.isSymbolicLink()) return refuse(`${folder} is a link; choose the folder itself.`)
    if (!st.isDirectory()) return refuse(`${folder} is a file, not a folder.`)
    const present = listFiles(folder)
    if (present.length > 0) {
      const listed = pageFiles(folder)
      if (listed === null)
        return refuse(`${folder} is not empty and is not a club page Ninekeeper wrote: choose a new or empty folder.`)
      const known = new Set([...listed, MARKER])
      const extra = present.filter((f) => !known.has(f))
      if (extra.length)
        return refuse(
          `${folder} holds files the club page did not write (${extra.slice(0, 3).join(', ')}${extra.length > 3 ? ', …' : ''}): move them out, or choose another folder.`,
        )
      replaced = true
    }
  }
  return ok({ folder, parent, fresh, old, replaced })
}

/**
 * Writes the files `make` gives (relative path → text; made only once the folder is found fit) as the
 * club page in `target`, or refuses with why; a refusal leaves every file as it was. The folder is checked
 * here whatever was checked before (it may have changed while the pages were made). `stop` lets a test end
 * the write after a step, as a kill would.
 */
export function writeClubFolder(
  target: string,
  make: () => ReadonlyMap<string, string>,
  stop?: (step: PublishStep) => void,
): Result<FolderWrite> {
  const checked = checkClubFolder(target)
  if (!checked.ok) return checked
  const { folder, parent, fresh, old, replaced } = checked.value
  const files = make()
  let bytes = 0
  try {
    mkdirSync(fresh)
    // The marker first: a half-written sibling is then recognisably ours, and removed next time.
    writeDurably(join(fresh, MARKER), markerText([...files.keys()]))
    const dirs = new Set<string>()
    for (const [path, text] of files) {
      const dir = dirname(join(fresh, path))
      if (!dirs.has(dir)) mkdirSync(dir, { recursive: true })
      dirs.add(dir)
      bytes += writeDurably(join(fresh, path), text)
    }
    for (const dir of dirs) syncDir(dir)
    syncDir(fresh)
  } catch (e) {
    rmSync(fresh, { recursive: true, force: true })
    const code = (e as { code?: string }).code
    return err(
      'write-failed',
      code === 'EACCES' || code === 'EPERM'
        ? `Ninekeeper may not write in ${parent}; choose a folder you can write to. Nothing was changed.`
        : code === 'ENOSPC'
          ? `The disk holding ${parent} is full. Nothing was changed.`
          : `The club page could not be written in ${parent} (${code ?? (e as Error).message}). Nothing was changed.`,
      'folder',
    )
  }
  stop?.('written')
  const failed = (e: unknown): Result<never> => {
    rmSync(fresh, { recursive: true, force: true })
    return err(
      'write-failed',
      `${folder} could not be replaced (${(e as { code?: string }).code ?? (e as Error).message}): is another program using it? Nothing was changed.`,
      'folder',
    )
  }
  try {
    if (replaced) renameSync(folder, old)
    else if (existsSync(folder)) rmdirSync(folder)
  } catch (e) {
    return failed(e)
  }
  stop?.('old-moved')
  try {
    renameSync(fresh, folder)
  } catch (e) {
    if (replaced && !existsSync(folder)) renameSync(old, folder)
    return failed(e)
  }
  syncDir(parent)
  stop?.('new-moved')
  rmSync(old, { recursive: true, force: true })
  return ok({ folder, replaced, bytes })
}
