import type { Database } from 'better-sqlite3'
import { err, ok, type Result } from '../../shared/result'
import { normalizeColor, playerNameKey, validatePlayerName, type Player } from '../../shared/model/player'
import { PlayersRepo } from '../db/repos/players'
import { writeTransaction } from '../db/transaction'
import { uuidv7, type Clock } from '../ids'

/** The roster. Every write is one immediate transaction; every refusal changes nothing. */
export class PlayerService {
  private readonly repo: PlayersRepo

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.repo = new PlayersRepo(db)
  }

  list(input: { includeArchived?: boolean | undefined; search?: string | undefined }): Result<Player[]> {
    return ok(this.repo.list(input.includeArchived ?? false, playerNameKey(input.search ?? '')))
  }

  get(id: string): Result<Player> {
    const p = this.repo.get(id)
    return p ? ok(p) : notFound()
  }

  create(input: { name: string; color?: string | null | undefined }): Result<Player> {
    const name = validatePlayerName(input.name)
    if (!name.ok) return name
    const color = normalizeColor(input.color ?? null)
    if (!color.ok) return color
    return this.write(() => {
      const clash = this.nameClash(name.value)
      if (clash) return clash
      const id = uuidv7(this.clock().getTime())
      this.repo.insert({ id, name: name.value, nameKey: playerNameKey(name.value), color: color.value, at: this.now() })
      return this.get(id)
    })
  }

  rename(input: { id: string; name: string }): Result<Player> {
    const name = validatePlayerName(input.name)
    if (!name.ok) return name
    return this.write(() => {
      const current = this.repo.get(input.id)
      if (!current) return notFound()
      const clash = this.nameClash(name.value, input.id)
      if (clash) return clash
      if (current.name !== name.value) this.repo.rename(input.id, name.value, playerNameKey(name.value), this.now())
      return this.get(input.id)
    })
  }

  setColor(input: { id: string; color: string | null }): Result<Player> {
    const color = normalizeColor(input.color)
    if (!color.ok) return color
    return this.write(() => {
      const current = this.repo.get(input.id)
      if (!current) return notFound()
      if (current.color !== color.value) this.repo.setColor(input.id, color.value, this.now())
      return this.get(input.id)
    })
  }

  setArchived(input: { id: string; archived: boolean }): Result<Player> {
    return this.write(() => {
      const current = this.repo.get(input.id)
      if (!current) return notFound()
      if (current.archived !== input.archived) {
        const at = this.now()
        this.repo.setArchivedAt(input.id, input.archived ? at : null, at)
      }
      return this.get(input.id)
    })
  }

  delete(input: { id: string }): Result<{ id: string }> {
    return this.write(() => {
      const current = this.repo.get(input.id)
      if (!current) return notFound()
      if (current.matchCount > 0) {
        const n = current.matchCount
        return err<{ id: string }>(
          'player-has-matches',
          `${current.name} has played ${n} ${n === 1 ? 'match' : 'matches'}, so they can be archived but never deleted.`,
        )
      }
      this.repo.delete(input.id)
      return ok({ id: input.id })
    })
  }

  private nameClash(name: string, exceptId?: string): Result<never> | null {
    const other = this.repo.getByKey(playerNameKey(name))
    if (!other || other.id === exceptId) return null
    const hint = other.archived ? ' (archived; unarchive them instead)' : ''
    return err('duplicate-name', `There is already a player called “${other.name}”${hint}. Names must differ, ignoring case.`, 'name')
  }

  private write<T>(fn: () => Result<T>): Result<T> {
    return writeTransaction(this.db, fn)
  }

  private now(): string {
    return this.clock().toISOString()
  }
}

function notFound(): Result<never> {
  return err('not-found', 'That player no longer exists. The list has been refreshed.', 'id')
}
