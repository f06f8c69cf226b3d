/**
 * "Publish club page" (`club:publish-page`, docs/ARCHITECTURE.md § The club page): a static folder of
 * HTML and one style sheet with the league tables, the archive, player pages, game nights and records,
 * readable from any web host or a USB stick without a server or a script. Runs in the database worker:
 * the folder is checked first, the data read in one snapshot in parts (data.ts), turned into pages
 * (render.ts) and written whole, then put in place (folder.ts).
 */
import type { Database } from 'better-sqlite3'
import { ok, type Result } from '../../../shared/result'
import { readClubPage, type Pause } from './data'
import { checkClubFolder, writeClubFolder, type PublishStep } from './folder'
import { renderClubPage } from './render'

/** The page's title when the club has no name to give it. */
export const DEFAULT_CLUB_TITLE = 'Our games club'

export interface ClubPageReport {
  folder: string
  /** HTML pages written (the style sheet not counted). */
  pages: number
  /** Every file written, the style sheet and the marker included. */
  files: number
  bytes: number
  /** A club page written before was replaced. */
  replaced: boolean
}

export interface PublishOptions {
  /** Between parts of the read (the worker answers other requests there). */
  pause?: Pause
  /** A test's stop after a step of the write, as a kill would. */
  stop?: (step: PublishStep) => void
}

/** `db` must be the caller's alone while this runs: it holds one read transaction across the pauses. */
export async function publishClubPage(
  db: Database,
  folder: string,
  title: string | null,
  options: PublishOptions = {},
): Promise<Result<ClubPageReport>> {
  // A bad folder is refused before anything is read.
  const checked = checkClubFolder(folder)
  if (!checked.ok) return checked
  const club = title?.trim() || DEFAULT_CLUB_TITLE
  const page = renderClubPage(await readClubPage(db, options.pause), club)
  const written = writeClubFolder(folder, () => page.files, options.stop)
  if (!written.ok) return written
  return ok({ ...written.value, pages: page.pages, files: page.files.size + 1 })
}
