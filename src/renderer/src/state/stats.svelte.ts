/**
 * The Stats screen's state. Every load is an async call whose answer is applied only if it is still
 * the latest request, so changing filters quickly never shows stale numbers and never blocks input.
 */
import type { GameId } from '../../../shared/games/engine'
import type { MatchSummary } from '../../../shared/model/match'
import type { Player } from '../../../shared/model/player'
import type { HeadToHead, MatchProgress, MonthlyResults, RatingSeries, StatsFilter, StatsOverview } from '../../../shared/model/stats'
import { call } from '../lib/api'
import { dayBound } from '../stats/format'


export class StatsState {
  from = $state('')
  to = $state('')
  gameId = $state<GameId | ''>('')
  playerIds = $state<string[]>([])

  players = $state<Player[]>([])
  overview = $state<StatsOverview | null>(null)
  monthly = $state<MonthlyResults | null>(null)
  loading = $state(false)
  error = $state<string | null>(null)

  ratingGame = $state<GameId>('nine')
  ratings = $state<RatingSeries[] | null>(null)

  h2hA = $state('')
  h2hB = $state('')
  h2h = $state<HeadToHead | null>(null)
  h2hError = $state<string | null>(null)

  searchPlayer = $state('')
  searchGame = $state<GameId | ''>('')
  searchFrom = $state('')
  searchTo = $state('')
  results = $state<MatchSummary[] | null>(null)
  searchError = $state<string | null>(null)

  progress = $state<MatchProgress | null>(null)

  private seq = 0

  filter(): StatsFilter {
    const f: StatsFilter = {}
    const from = dayBound(this.from, false)
    const to = dayBound(this.to, true)
    if (from) f.from = from
    if (to) f.to = to
    if (this.gameId) f.gameId = this.gameId
    if (this.playerIds.length) f.playerIds = [...this.playerIds]
    return f
  }

  async init(): Promise<void> {
    const p = await call('players:list', { includeArchived: true })
    if (p.ok) this.players = p.value
    await Promise.all([this.load(), this.search()])
  }

  async load(): Promise<void> {
    const mine = ++this.seq
    this.loading = true
    const f = this.filter()
    const [o, m] = await Promise.all([call('stats:overview', f), call('stats:monthly', f)])
    if (mine !== this.seq) return
    this.loading = false
    if (!o.ok) {
      this.error = o.error.message
      return
    }
    this.error = null
    this.overview = o.value
    this.monthly = m.ok ? m.value : null
    const played = o.value.leaderboards.filter((l) => l.rows.length > 0)
    if (played.length && !played.some((l) => l.gameId === this.ratingGame)) this.ratingGame = (played[0] as { gameId: GameId }).gameId
    if (this.gameId) this.ratingGame = this.gameId
    await this.loadRatings()
  }

  async loadRatings(): Promise<void> {
    const r = await call('stats:rating-history', { gameId: this.ratingGame, ...(this.playerIds.length ? { playerIds: this.playerIds.slice(0, 12) } : {}) })
    this.ratings = r.ok ? r.value : null
  }

  async compare(): Promise<void> {
    if (!this.h2hA || !this.h2hB) {
      this.h2hError = 'Choose two players to compare.'
      return
    }
    const f = this.filter()
    const r = await call('stats:head-to-head', {
      a: this.h2hA,
      b: this.h2hB,
      ...(f.from ? { from: f.from } : {}),
      ...(f.to ? { to: f.to } : {}),
      ...(f.gameId ? { gameId: f.gameId } : {}),
    })
    if (r.ok) {
      this.h2h = r.value
      this.h2hError = null
    } else {
      this.h2h = null
      this.h2hError = r.error.message
    }
  }

  async search(): Promise<void> {
    const from = dayBound(this.searchFrom, false)
    const to = dayBound(this.searchTo, true)
    const r = await call('matches:list', {
      ...(this.searchPlayer ? { playerId: this.searchPlayer } : {}),
      ...(this.searchGame ? { gameId: this.searchGame } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      limit: 100,
    })
    if (r.ok) {
      this.results = r.value
      this.searchError = null
    } else this.searchError = r.error.message
  }

  async showProgress(matchId: string): Promise<void> {
    const r = await call('stats:match-progress', { matchId })
    this.progress = r.ok ? r.value : null
  }
}
