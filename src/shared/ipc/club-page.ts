/**
 * The club page's channels in the contract (docs/ARCHITECTURE.md § The club page): the folder to write
 * it into and its title. The service checks the folder itself (a full path, in a folder that exists,
 * new or empty or a club page written before).
 */
import * as v from 'valibot'
import { nameTextProblem } from '../model/player'

/** A folder's full path: text without NUL, at most 4096 characters (PATH_MAX on Linux). */
export const FolderPath = v.pipe(
  v.string('must be text'),
  v.minLength(1, 'is empty'),
  v.maxLength(4096, 'is too long for a path'),
  v.check((p) => !p.includes('\u0000'), 'cannot contain a NUL character'),
)

/** The club's name as the page shows it (the club's own name by default): the text rule of every name. */
export const PageTitle = v.pipe(
  v.string('must be text'),
  v.maxLength(80, 'is longer than 80 characters'),
  v.check((t) => nameTextProblem(t) === null, 'cannot contain control or text-direction override characters'),
)

export interface PublishedClubPage {
  /** Where it was written (the full path). */
  folder: string
  /** HTML pages written. */
  pages: number
  /** Every file written: the pages, the style sheet and the marker that says it is a club page. */
  files: number
  bytes: number
  /** A club page written there before was replaced. */
  replaced: boolean
}
