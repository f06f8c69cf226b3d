import type { PlayerMergePreview } from '../../../shared/model/merge'
import { playerNameKey, type Player } from '../../../shared/model/player'
import type { Result } from '../../../shared/result'
import type { ServiceErrorCode } from '../../../shared/service-errors'
import { call } from '../lib/api'

/**
 * The roster's one refusal it acts on. Written out rather than through `hasCode`, so the start screen
 * loads no chunk for it (the phone page shares service-errors.ts, which would make it a chunk of its
 * own, over the start screen's payload budget); `satisfies` keeps a typo a compile error.
 */
const NOT_FOUND = 'not-found' satisfies ServiceErrorCode

const DISTINCTION_STYLES: Intl.DateTimeFormatOptions[] = [
  { dateStyle: 'medium' },
  { dateStyle: 'medium', timeStyle: 'short' },
  { dateStyle: 'medium', timeStyle: 'medium' },
]

/**
 * For players who share a name (two laptops each added a "Zoe", then exchanged exports): when each
 * was added, in the coarsest wording that tells them apart (the day, then the minute, then the
 * second), by player id. Players with a name of their own are not in it.
 */
export function sameNameDistinctions(all: readonly Player[]): Readonly<Record<string, string>> {
  // No prototype: a player may well be called "constructor" or "__proto__".
  const byKey = Object.create(null) as Record<string, Player[]>
  for (const p of all) (byKey[playerNameKey(p.name)] ??= []).push(p)
  const out: Record<string, string> = {}
  for (const group of Object.values(byKey)) {
    if (group.length < 2) continue
    const words = (style: Intl.DateTimeFormatOptions): string[] =>
      group.map((p) => new Intl.DateTimeFormat(undefined, style).format(Date.parse(p.createdAt)))
    const allDiffer = (w: string[]): boolean => w.every((x, i) => w.indexOf(x) === i)
    const found = DISTINCTION_STYLES.map(words).find(allDiffer)
    if (found) {
      group.forEach((p, i) => (out[p.id] = `added ${found[i] ?? ''}`))
      continue
    }
    // Added within the same second (two laptops, a scripted import): their order of creation is left.
    const finest = words(DISTINCTION_STYLES[2] as Intl.DateTimeFormatOptions)
    const order = group
      .map((p, i) => ({ p, i }))
      .sort((x, y) =>
        x.p.createdAt < y.p.createdAt ? -1 : x.p.createdAt > y.p.createdAt ? 1 : x.p.id < y.p.id ? -1 : 1,
      )
    order.forEach(({ p, i }, rank) => (out[p.id] = `added ${finest[i] ?? ''} (${rank + 1} of ${group.length})`))
  }
  return out
}

/** The Players screen's state: the roster, the filters and the last error, with every write going through the api. */
export class PlayersState {
  all = $state<Player[]>([])
  search = $state('')
  showArchived = $state(false)
  loading = $state(true)
  loadError = $state<string | null>(null)

  visible = $derived.by(() => {
    const key = playerNameKey(this.search)
    return this.all.filter(
      (p) => (this.showArchived || !p.archived) && (key === '' || playerNameKey(p.name).includes(key)),
    )
  })
  archivedCount = $derived(this.all.filter((p) => p.archived).length)

  /**
   * For players who share a name (two laptops each added a "Zoe", then exchanged exports): when
   * each was added, precise enough to tell them apart. Players with a name of their own get none.
   */
  distinctions = $derived(sameNameDistinctions(this.all))

  /** The player's name, with when they were added if another player has the same name. */
  label(p: Player): string {
    const d = this.distinctions[p.id]
    return d ? `${p.name} (${d})` : p.name
  }

  async load(): Promise<void> {
    const r = await call('players:list', { includeArchived: true })
    this.loading = false
    if (r.ok) {
      this.all = r.value
      this.loadError = null
    } else {
      this.loadError = r.error.message
    }
  }

  create(name: string, color: string | null): Promise<Result<Player>> {
    return this.write(call('players:create', { name, color }))
  }

  rename(id: string, name: string): Promise<Result<Player>> {
    return this.write(call('players:rename', { id, name }))
  }

  setColor(id: string, color: string | null): Promise<Result<Player>> {
    return this.write(call('players:set-color', { id, color }))
  }

  setArchived(id: string, archived: boolean): Promise<Result<Player>> {
    return this.write(call('players:set-archived', { id, archived }))
  }

  async remove(id: string): Promise<Result<{ id: string }>> {
    const r = await call('players:delete', { id })
    if (r.ok) this.all = this.all.filter((p) => p.id !== id)
    else if (r.error.code === NOT_FOUND) await this.load()
    return r
  }

  mergePreview(from: string, into: string): Promise<Result<PlayerMergePreview>> {
    return call('players:merge-preview', { from, into })
  }

  /** Merges `from` into `into`, then reloads the roster (one player leaves, the other's match count grows). */
  async merge(from: string, into: string): Promise<Result<Player>> {
    const r = await call('players:merge', { from, into })
    if (r.ok || r.error.code === NOT_FOUND) await this.load()
    return r
  }

  private async write(pending: Promise<Result<Player>>): Promise<Result<Player>> {
    const r = await pending
    if (r.ok) this.upsert(r.value)
    else if (r.error.code === NOT_FOUND) await this.load()
    return r
  }

  private upsert(player: Player): void {
    const rest = this.all.filter((p) => p.id !== player.id)
    rest.push(player)
    rest.sort((a, b) => {
      const ka = playerNameKey(a.name)
      const kb = playerNameKey(b.name)
      return ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : 1
    })
    this.all = rest
  }
}
