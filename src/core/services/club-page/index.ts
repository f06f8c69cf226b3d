/**
 * "Publish club page" (`club:publish-page`, docs/ARCHITECTURE.md § The club page): a static folder of
 * HTML and one style sheet with the league tables, the archive, player pages, game nights and records,
 * readable from any web host or a USB stick without a server or a script. Runs in the database worker:
 * the data is read in one snapshot (data.ts), turned into pages (render.ts) and written whole, then put
 * in place (folder.ts).
 */
import type { Database } from 'better-sqlite3'
import { ok, type Result } from '../../../shared/result'
import { readClubPage } from './data'
import { writeClubFolder, type PublishStep } from './folder'
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

export function publishClubPage(
  db: Database,
  folder: string,
  title: string | null,
  stop?: (step: PublishStep) => void,
): Result<ClubPageReport> {
  const club = title?.trim() || DEFAULT_CLUB_TITLE
  let pages = 0
  let files = 0
  const written = writeClubFolder(
    folder,
    () => {
      const page = renderClubPage(readClubPage(db), club)
      pages = page.pages
      files = page.files.size + 1
      return page.files
    },
    stop,
  )
  if (!written.ok) return written
  return ok({ ...written.value, pages, files })
}
