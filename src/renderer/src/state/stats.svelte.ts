/**
 * The Stats screen's state. Every load is an async call whose answer is applied only if it is still
 * the latest request, so changing filters quickly never shows stale numbers and never blocks input.
 */
import type { GameId } from '../../../shared/games/engine'
import type { MatchSummary } from '../../../shared/model/match'
import type { Player } from '../../../shared/model/player'
import type {
  HeadToHead,
  MatchProgress,
  MonthlyResults,
  PlayerStats,
  ProfileMatch,
  RatingSeries,
  RoundsOf,
  SharedWin,
  StatsFilter,
  StatsOverview,
} from '../../../shared/model/stats'
import { call } from '../lib/api'
import { isDay } from '../stats/format'

export const STATS_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'games', label: 'Games' },
  { id: 'head-to-head', label: 'Head-to-head' },
  { id: 'ratings', label: 'Ratings' },
  { id: 'charts', label: 'Charts' },
  { id: 'history', label: 'History' },
  { id: 'player', label: 'Player' },
] as const
export type StatsTab = (typeof STATS_TABS)[number]['id']

export class StatsState {
  from = $state('')
  to = $state('')
  gameId = $state<GameId | ''>('')
  playerIds = $state<string[]>([])
  roundsOf = $state<RoundsOf>('finished')
  sharedWin = $state<SharedWin>('whole')
  /** Only matches played at this venue ('' = anywhere). */
  venue = $state('')
  /** The venues the filter offers (every venue a match was played at, from the overview). */
  venues = $state<string[]>([])

  tab = $state<StatsTab>('overview')
  /** The game the Games tab shows. */
  gameTab = $state<GameId | ''>('')

  profileId = $state('')
  profile = $state<PlayerStats | null>(null)
  profileRatings = $state<RatingSeries[]>([])
  /** The profile's newest matches by when they were played (not by when last changed). */
  profileRecent = $state<ProfileMatch[]>([])
  profileError = $state<string | null>(null)

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
    // Local dates: each match counts on the day it was played where it was played.
    if (isDay(this.from)) f.fromDate = this.from
    if (isDay(this.to)) f.toDate = this.to
    if (this.gameId) f.gameId = this.gameId
    if (this.playerIds.length) f.playerIds = [...this.playerIds]
    if (this.roundsOf !== 'finished') f.roundsOf = this.roundsOf
    if (this.sharedWin !== 'whole') f.sharedWin = this.sharedWin
    if (this.venue) f.venue = this.venue
    return f
  }

  async init(player?: string): Promise<void> {
    const p = await call('players:list', { includeArchived: true })
    if (p.ok) this.players = p.value
    if (player) {
      this.tab = 'player'
      this.profileId = player
    }
    await Promise.all([this.load(), this.search()])
  }

  /** The profile page of one player (form, opponents, ratings per game, recent matches). */
  async loadProfile(): Promise<void> {
    const id = this.profileId
    if (!id) {
      this.profile = null
      return
    }
    const f = this.filter()
    delete f.playerIds
    const r = await call('stats:player', { playerId: id, ...f })
    if (id !== this.profileId) return
    if (!r.ok) {
      this.profile = null
      this.profileError = r.error.message
      return
    }
    this.profileError = null
    this.profile = r.value
    this.profileRecent = r.value.profile?.recent ?? []
    const rated = r.value.games.filter((g) => g.rating)
    const series = await Promise.all(
      rated.map((g) => call('stats:rating-history', { gameId: g.gameId, playerIds: [id] })),
    )
    if (id !== this.profileId) return
    this.profileRatings = series.flatMap((x, i) =>
      x.ok && x.value[0] ? [{ ...x.value[0], name: rated[i]?.gameId ?? x.value[0].name }] : [],
    )
  }

  openProfile(id: string): void {
    this.profileId = id
    this.tab = 'player'
    void this.loadProfile()
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
    this.venues = o.value.venues ?? []
    this.monthly = m.ok ? m.value : null
    const played = o.value.leaderboards.filter((l) => l.rows.length > 0)
    if (played.length && !played.some((l) => l.gameId === this.ratingGame))
      this.ratingGame = (played[0] as { gameId: GameId }).gameId
    if (this.gameId) this.ratingGame = this.gameId
    if (!this.gameTab || !played.some((l) => l.gameId === this.gameTab))
      this.gameTab = (played[0]?.gameId ?? '') as GameId | ''
    if (this.gameId) this.gameTab = this.gameId
    await Promise.all([this.loadRatings(), this.loadProfile()])
  }

  async loadRatings(): Promise<void> {
    const r = await call('stats:rating-history', {
      gameId: this.ratingGame,
      ...(this.playerIds.length ? { playerIds: this.playerIds.slice(0, 12) } : {}),
    })
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
      ...(f.fromDate ? { fromDate: f.fromDate } : {}),
      ...(f.toDate ? { toDate: f.toDate } : {}),
      ...(f.gameId ? { gameId: f.gameId } : {}),
      ...(f.venue ? { venue: f.venue } : {}),
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
    const r = await call('matches:list', {
      ...(this.searchPlayer ? { playerId: this.searchPlayer } : {}),
      ...(this.searchGame ? { gameId: this.searchGame } : {}),
      ...(isDay(this.searchFrom) ? { fromDate: this.searchFrom } : {}),
      ...(isDay(this.searchTo) ? { toDate: this.searchTo } : {}),
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
