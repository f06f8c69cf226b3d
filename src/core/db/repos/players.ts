import type { Database, Statement } from 'better-sqlite3'
import type { Player } from '../../../shared/model/player'

interface PlayerRow {
  id: string
  name: string
  color: string | null
  archived_at: string | null
  created_at: string
  updated_at: string
  match_count: number
}

const SELECT = `
  SELECT p.id, p.name, p.color, p.archived_at, p.created_at, p.updated_at,
         (SELECT count(*) FROM match_seats s WHERE s.player_id = p.id) AS match_count
  FROM players p`
/** Players on the roster: not deleted, and not merged into someone else. */
const LISTED = 'p.deleted = 0 AND p.canonical_id = p.id'

function toPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    archived: row.archived_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    matchCount: row.match_count,
  }
}

/** Reads of the players projection (writes are events: see PlayerService and the Projector). */
export class PlayersRepo {
  private readonly byId: Statement<[string], PlayerRow>
  private readonly byKey: Statement<[string], PlayerRow>
  private readonly all: Statement<[number, string], PlayerRow>
  private readonly sharedStmt: Statement<[string, string], { n: number }>

  constructor(db: Database) {
    this.byId = db.prepare(`${SELECT} WHERE p.id = ? AND ${LISTED}`)
    this.byKey = db.prepare(`${SELECT} WHERE p.name_key = ? AND ${LISTED} ORDER BY p.created_at, p.id LIMIT 1`)
    this.all = db.prepare(
      `${SELECT} WHERE ${LISTED} AND (? = 1 OR p.archived_at IS NULL) AND p.name_key LIKE ? ESCAPE '\\' ORDER BY p.name_key, p.name, p.id`,
    )
    this.sharedStmt = db.prepare(
      'SELECT count(DISTINCT a.match_id) AS n FROM match_seats a JOIN match_seats b ON b.match_id = a.match_id WHERE a.player_id = ? AND b.player_id = ?',
    )
  }

  get(id: string): Player | undefined {
    const row = this.byId.get(id)
    return row && toPlayer(row)
  }

  getByKey(nameKey: string): Player | undefined {
    const row = this.byKey.get(nameKey)
    return row && toPlayer(row)
  }

  list(includeArchived: boolean, searchKey: string): Player[] {
    const pattern = `%${searchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    return this.all.all(includeArchived ? 1 : 0, pattern).map(toPlayer)
  }

  /** Matches where both players have a seat. */
  sharedMatches(a: string, b: string): number {
    return this.sharedStmt.get(a, b)?.n ?? 0
  }
}
