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

/** Prepared statements over the players table. Callers own the transactions. */
export class PlayersRepo {
  private readonly byId: Statement<[string], PlayerRow>
  private readonly byKey: Statement<[string], PlayerRow>
  private readonly all: Statement<[number, string], PlayerRow>
  private readonly insertStmt: Statement<[string, string, string, string | null, string, string]>
  private readonly renameStmt: Statement<[string, string, string, string]>
  private readonly colorStmt: Statement<[string | null, string, string]>
  private readonly archiveStmt: Statement<[string | null, string, string]>
  private readonly deleteStmt: Statement<[string]>

  constructor(db: Database) {
    this.byId = db.prepare(`${SELECT} WHERE p.id = ?`)
    this.byKey = db.prepare(`${SELECT} WHERE p.name_key = ?`)
    this.all = db.prepare(
      `${SELECT} WHERE (? = 1 OR p.archived_at IS NULL) AND p.name_key LIKE ? ESCAPE '\\' ORDER BY p.name_key, p.name, p.id`,
    )
    this.insertStmt = db.prepare(
      'INSERT INTO players (id, name, name_key, color, archived_at, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?)',
    )
    this.renameStmt = db.prepare('UPDATE players SET name = ?, name_key = ?, updated_at = ? WHERE id = ?')
    this.colorStmt = db.prepare('UPDATE players SET color = ?, updated_at = ? WHERE id = ?')
    this.archiveStmt = db.prepare('UPDATE players SET archived_at = ?, updated_at = ? WHERE id = ?')
    this.deleteStmt = db.prepare('DELETE FROM players WHERE id = ?')
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

  insert(p: { id: string; name: string; nameKey: string; color: string | null; at: string }): void {
    this.insertStmt.run(p.id, p.name, p.nameKey, p.color, p.at, p.at)
  }

  rename(id: string, name: string, nameKey: string, at: string): void {
    this.renameStmt.run(name, nameKey, at, id)
  }

  setColor(id: string, color: string | null, at: string): void {
    this.colorStmt.run(color, at, id)
  }

  setArchivedAt(id: string, archivedAt: string | null, at: string): void {
    this.archiveStmt.run(archivedAt, at, id)
  }

  delete(id: string): void {
    this.deleteStmt.run(id)
  }
}
