import type { Database } from 'better-sqlite3'
import { err, ok, type Result } from '../../shared/result'
import { normalizeColor, playerNameKey, validatePlayerName, type Player } from '../../shared/model/player'
import type { PlayerMergePreview } from '../../shared/model/merge'
import { PlayersRepo } from '../db/repos/players'
import { writeTransaction } from '../db/transaction'
import type { EventStore } from '../db/repos/events'
import type { Clock } from '../ids'
import type { Projector } from './projector'
import { reducePlayer, type PlayerField } from '../../shared/events/reduce'
import type { PlayerEventKind } from '../../shared/events/types'

/** The field each change writes: it names the event whose value it replaces (causal order, docs/ARCHITECTURE.md § Merge rules). */
const FIELD: Partial<Record<PlayerEventKind, PlayerField>> = {
  'player.renamed': 'name',
  'player.color-set': 'color',
  'player.archived': 'archived',
  'player.restored': 'archived',
  'player.merged': 'merged',
}

/**
 * The roster. Every change is an event (player.created, .renamed, .color-set, .archived, .restored,
 * .deleted, .merged) appended and projected in one immediate transaction; every refusal changes nothing.
 */
export class PlayerService {
  private readonly repo: PlayersRepo

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly events: EventStore,
    private readonly projector: Projector,
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
      const { subject } = this.events.appendNew('player.created', { name: name.value, color: color.value })
      this.projector.projectPlayer(subject)
      return this.get(subject)
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
      if (current.name !== name.value) this.record('player.renamed', input.id, { name: name.value })
      return this.get(input.id)
    })
  }

  setColor(input: { id: string; color: string | null }): Result<Player> {
    const color = normalizeColor(input.color)
    if (!color.ok) return color
    return this.write(() => {
      const current = this.repo.get(input.id)
      if (!current) return notFound()
      if (current.color !== color.value) this.record('player.color-set', input.id, { color: color.value })
      return this.get(input.id)
    })
  }

  setArchived(input: { id: string; archived: boolean }): Result<Player> {
    return this.write(() => {
      const current = this.repo.get(input.id)
      if (!current) return notFound()
      if (current.archived !== input.archived)
        this.record(input.archived ? 'player.archived' : 'player.restored', input.id, {})
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
      this.record('player.deleted', input.id, {})
      return ok({ id: input.id })
    })
  }

  /** What merging `from` into `into` would move, without changing anything. */
  mergePreview(input: { from: string; into: string }): Result<PlayerMergePreview> {
    const from = this.repo.get(input.from)
    const into = this.repo.get(input.into)
    if (!from) return notFound('from')
    if (!into) return notFound('into')
    if (from.id === into.id) return err('same-player', 'Pick two different players to merge.', 'into')
    const shared = this.repo.sharedMatches(from.id, into.id)
    return ok({
      from,
      into,
      matches: from.matchCount,
      sharedMatches: shared,
      message:
        `${from.matchCount} ${from.matchCount === 1 ? 'match' : 'matches'} of ${from.name} will count for ${into.name}; ` +
        `${from.name} leaves the roster.` +
        (shared > 0
          ? ` In ${shared} ${shared === 1 ? 'match' : 'matches'} both sat at the table; there each seat keeps its own results.`
          : ''),
    })
  }

  /** Moves `from`'s whole history to `into` (player.merged); stats follow. */
  merge(input: { from: string; into: string }): Result<Player> {
    return this.write(() => {
      const preview = this.mergePreview(input)
      if (!preview.ok) return preview
      this.record('player.merged', input.from, { into: input.into })
      return this.get(input.into)
    })
  }

  private record<K extends Parameters<EventStore['append']>[0]>(
    kind: K,
    id: string,
    payload: Parameters<EventStore['append']>[2],
  ): void {
    const field = FIELD[kind as PlayerEventKind]
    const replaces = field ? reducePlayer(this.events.forSubject(id))?.sources[field] : undefined
    this.events.append(kind, id, (replaces ? { ...payload, replaces } : payload) as never)
    const moved = this.projector.projectPlayer(id)
    for (const m of this.projector.matchesOf(moved)) this.projector.projectMatch(m)
  }

  private nameClash(name: string, exceptId?: string): Result<never> | null {
    const other = this.repo.getByKey(playerNameKey(name))
    if (!other || other.id === exceptId) return null
    const hint = other.archived ? ' (archived; unarchive them instead)' : ''
    return err(
      'duplicate-name',
      `There is already a player called “${other.name}”${hint}. Names must differ, ignoring case.`,
      'name',
    )
  }

  private write<T>(fn: () => Result<T>): Result<T> {
    return writeTransaction(this.db, fn)
  }
}

function notFound(field = 'id'): Result<never> {
  return err('not-found', 'That player no longer exists. The list has been refreshed.', field)
}
