import { playerNameKey, type Player } from '../../../shared/model/player'
import type { Result } from '../../../shared/result'
import { call } from '../lib/api'

/** The Players screen's state: the roster, the filters and the last error, with every write going through the api. */
export class PlayersState {
  all = $state<Player[]>([])
  search = $state('')
  showArchived = $state(false)
  loading = $state(true)
  loadError = $state<string | null>(null)

  visible = $derived.by(() => {
    const key = playerNameKey(this.search)
    return this.all.filter((p) => (this.showArchived || !p.archived) && (key === '' || playerNameKey(p.name).includes(key)))
  })
  archivedCount = $derived(this.all.filter((p) => p.archived).length)

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
    else if (r.error.code === 'not-found') await this.load()
    return r
  }

  private async write(pending: Promise<Result<Player>>): Promise<Result<Player>> {
    const r = await pending
    if (r.ok) this.upsert(r.value)
    else if (r.error.code === 'not-found') await this.load()
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
