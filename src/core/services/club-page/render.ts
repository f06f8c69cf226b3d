/**
 * The club page as files (docs/ARCHITECTURE.md § The club page): from the data read in one snapshot to
 * a map of relative paths to their text. Pure and deterministic: the same data gives the same bytes
 * (names sorted with a fixed locale, dates written in English, no clock read).
 */
import { GAME_NAMES } from '../../../shared/games/engine'
import type { Night, SeasonStandings } from '../../../shared/model/club'
import { TIE_BREAKS } from '../../../shared/stats/league'
import { schemeText } from '../club'
import type { ClubPageData, ClubPagePlayer } from './data'
import { esc, layout, link, longDate, name, num, ordinal, percent, STYLE_CSS, table, type PageFrame } from './html'
import { overallRecords } from './records'
import { recordList, serviceRecords, type Who } from './records-page'

/** Windows refuses these file names whatever their extension (a USB stick, a Windows web host). */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/

/** A file-name part for `text`: ASCII letters and digits joined by hyphens, else `fallback`. */
export function slug(text: string, fallback: string): string {
  const s = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  const base = s || fallback
  return RESERVED.test(base) ? `${base}-` : base
}

/** Unique slugs in the given order: a second "ana" becomes "ana-2". */
function slugs<T>(items: readonly T[], text: (t: T) => string, fallback: string): Map<T, string> {
  const used = new Set<string>()
  const out = new Map<T, string>()
  for (const item of items) {
    const base = slug(text(item), fallback)
    let s = base
    for (let n = 2; used.has(s); n++) s = `${base}-${n}`
    used.add(s)
    out.set(item, s)
  }
  return out
}

const seasonDates = (s: SeasonStandings['season']): string => `${longDate(s.startDate)} to ${longDate(s.endDate)}`

const gamesOf = (s: SeasonStandings['season']): string =>
  s.gameIds ? s.gameIds.map((g) => GAME_NAMES[g]).join(', ') : 'every game'

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

export interface RenderedClubPage {
  /** Relative path (with `/`) to its text, in path order. */
  files: Map<string, string>
  /** How many of them are HTML pages. */
  pages: number
}

export function renderClubPage(data: ClubPageData, club: string): RenderedClubPage {
  const frame: PageFrame = { club, upTo: data.upTo }
  const files = new Map<string, string>()
  const put = (path: string, title: string, body: string): void => {
    files.set(path, layout(frame, path, title, body))
  }

  // Pages and links: a player's page under their id as it is now (after merges).
  const playerSlug = slugs(data.players, (p) => p.stats.name, 'player')
  const pageOf = new Map(data.players.map((p) => [p.stats.playerId, `players/${playerSlug.get(p) as string}.html`]))
  const playerHref = (id: string, from: string): string | null => {
    const page = pageOf.get(data.canonical.get(id) ?? id)
    return page ? `${'../'.repeat(from.split('/').length - 1)}${page}` : null
  }
  const who = (id: string, text: string, from: string): string => {
    const href = playerHref(id, from)
    return href ? link(href, name(text)) : name(text)
  }
  const ordered = [...data.seasons].sort(
    (a, b) =>
      a.season.startDate.localeCompare(b.season.startDate) ||
      a.season.name.localeCompare(b.season.name, 'en') ||
      (a.season.id < b.season.id ? -1 : 1),
  )
  const seasonSlug = slugs(ordered, (s) => s.season.name, 'season')
  const seasonPage = (s: SeasonStandings): string => `seasons/${seasonSlug.get(s) as string}.html`
  const open = data.seasons.filter((s) => !s.season.archivedAt)
  const archived = data.seasons.filter((s) => s.season.archivedAt)

  const champions = (s: SeasonStandings, from: string): string =>
    s.rows
      .filter((r) => r.rank === 1 && r.matches > 0)
      .map((r) => who(r.playerId, r.name, from))
      .join(', ') || '–'
  const place = (s: SeasonStandings, rank: number): string =>
    `${s.rows.filter((r) => r.rank === rank).length > 1 ? '=' : ''}${rank}`
  const standingsTable = (s: SeasonStandings, from: string, full: boolean): string =>
    s.rows.length === 0
      ? '<p class="muted">Nobody in this table yet.</p>'
      : table(
          full ? 'League table' : `${s.season.name}: league table`,
          full
            ? ['Place', 'Player', 'Points', 'Matches', 'Wins', 'Shared wins', 'Average placement', 'Placed by']
            : ['Place', 'Player', 'Points', 'Matches', 'Wins'],
          s.rows.map((r) => {
            const cells = [
              esc(place(s, r.rank)),
              who(r.playerId, r.name, from),
              num(r.points),
              String(r.matches),
              String(r.wins),
            ]
            if (full)
              cells.push(
                String(r.sharedWins),
                r.averagePlacement === null ? '–' : num(r.averagePlacement),
                esc(r.decidedBy ?? ''),
              )
            return cells
          }),
          full ? [2, 3, 4, 5, 6] : [2, 3, 4],
        )

  // Seasons: one page each.
  for (const s of ordered) {
    const path = seasonPage(s)
    const state = s.season.archivedAt
      ? s.final
        ? 'Archived: this is its final table.'
        : 'Archived: the table of the matches it counted.'
      : 'Open: the table changes as matches are played.'
    put(
      path,
      s.season.name,
      [
        `<p>${esc(seasonDates(s.season))} · ${esc(gamesOf(s.season))} · ${esc(count(s.matches, 'match', 'matches'))} counted.</p>`,
        `<p>${esc(state)}</p>`,
        standingsTable(s, path, true),
        `<h2>Points</h2>\n<p>${esc(schemeText(s.season.scheme))}</p>`,
        `<h2>Tie-breaks</h2>\n<ol>${TIE_BREAKS.map((t) => `<li>${esc(t)}</li>`).join('')}</ol>`,
      ].join('\n'),
    )
  }

  // Game nights: a page per year, newest first.
  const years = new Map<string, Night[]>()
  for (const n of data.nights) {
    const y = n.date.slice(0, 4)
    years.set(y, [...(years.get(y) ?? []), n])
  }
  const finished = (n: Night): number => n.matches.filter((m) => m.status === 'finished').length
  for (const [year, nights] of years) {
    const path = `nights/${year}.html`
    put(
      path,
      `Game nights ${year}`,
      nights
        .map((n) => {
          const players = n.players
            .map((p) => `${who(p.playerId, p.name, path)} (${esc(count(p.wins, 'win', 'wins'))} of ${p.matches})`)
            .join(', ')
          return [
            `<h2 id="${n.date}">${esc(longDate(n.date))}${n.venue ? ` · ${name(n.venue)}` : ''}</h2>`,
            `<p>${players}</p>`,
            table(
              `${longDate(n.date)}: matches`,
              ['Time', 'Game', 'Players', 'Winners'],
              n.matches.map((m) => [
                esc(m.localTime),
                esc(GAME_NAMES[m.gameId]),
                m.players.map((p) => name(p)).join(', '),
                m.status === 'finished'
                  ? m.winners.map((w) => name(w)).join(', ') || '–'
                  : esc(m.status === 'abandoned' ? 'abandoned' : 'not finished'),
              ]),
            ),
          ].join('\n')
        })
        .join('\n'),
    )
  }
  put(
    'nights.html',
    'Game nights',
    data.nights.length
      ? [
          '<p>A night runs from the afternoon to 06:00 the next morning, local time.</p>',
          table(
            'Game nights by year',
            ['Year', 'Nights', 'Matches'],
            [...years].map(([year, nights]) => [
              link(`nights/${year}.html`, esc(year)),
              String(nights.length),
              String(nights.reduce((n, x) => n + finished(x), 0)),
            ]),
            [1, 2],
          ),
        ].join('\n')
      : '<p class="muted">No game night yet.</p>',
  )

  // Players: the list and a page each.
  put(
    'players.html',
    'Players',
    data.players.length
      ? table(
          'Players',
          ['Player', 'Matches', 'Wins', 'Win rate'],
          data.players.map((p) => [
            who(p.stats.playerId, p.stats.name, 'players.html'),
            String(p.stats.matches),
            String(p.stats.wins),
            percent(p.stats.winRate),
          ]),
          [1, 2, 3],
        )
      : '<p class="muted">Nobody has finished a match yet.</p>',
  )
  for (const p of data.players)
    put(pageOf.get(p.stats.playerId) as string, p.stats.name, playerBody(p, ordered, seasonPage, place))

  // Records.
  const records = overallRecords(data.players.map((p) => p.stats))
  const onRecords: Who = (id, text) => who(id, text, 'records.html')
  put(
    'records.html',
    'Records',
    [...records.map((r) => recordList(r, 'h2', 'All games', onRecords)), serviceRecords(data.records, onRecords)].join(
      '\n',
    ),
  )

  // The archive and the front page.
  put(
    'archive.html',
    'Archive',
    archived.length
      ? table(
          'Archived seasons',
          ['Season', 'Dates', 'Matches', 'Champion'],
          archived.map((s) => [
            link(seasonPage(s), esc(s.season.name)),
            esc(seasonDates(s.season)),
            String(s.matches),
            champions(s, 'archive.html'),
          ]),
          [2],
        )
      : '<p class="muted">No season has been archived yet.</p>',
  )
  const matches = data.nights.reduce((n, x) => n + finished(x), 0)
  const last = data.nights[0]
  files.set(
    'index.html',
    layout(
      frame,
      'index.html',
      'League tables',
      [
        `<p>${esc(count(data.players.length, 'player', 'players'))}, ${esc(count(matches, 'finished match', 'finished matches'))}, ${esc(count(data.nights.length, 'game night', 'game nights'))}.${
          last
            ? ` Last game night: ${link(`nights/${last.date.slice(0, 4)}.html#${last.date}`, esc(longDate(last.date)))}${last.venue ? ` at ${name(last.venue)}` : ''}.`
            : ''
        }</p>`,
        open.length
          ? open
              .map((s) =>
                [
                  `<h2>${link(seasonPage(s), esc(s.season.name))}</h2>`,
                  `<p class="muted">${esc(seasonDates(s.season))} · ${esc(gamesOf(s.season))} · ${esc(count(s.matches, 'match', 'matches'))} counted.</p>`,
                  standingsTable(s, 'index.html', false),
                ].join('\n'),
              )
              .join('\n')
          : '<p class="muted">No season is running.</p>',
        archived.length
          ? [
              `<h2>${link('archive.html', 'Past seasons')}</h2>`,
              `<ul class="plain">${archived
                .slice(0, 5)
                .map((s) => `<li>${link(seasonPage(s), esc(s.season.name))}: won by ${champions(s, 'index.html')}</li>`)
                .join('')}</ul>`,
            ].join('\n')
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
  )
  files.set('style.css', STYLE_CSS)
  const sorted = new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return { files: sorted, pages: [...sorted.keys()].filter((k) => k.endsWith('.html')).length }
}

function playerBody(
  p: ClubPagePlayer,
  seasons: readonly SeasonStandings[],
  seasonPage: (s: SeasonStandings) => string,
  place: (s: SeasonStandings, rank: number) => string,
): string {
  const s = p.stats
  const inSeasons = seasons.flatMap((season) => {
    const row = season.rows.find((r) => r.playerId === s.playerId)
    return row && row.matches > 0 ? [{ season, row }] : []
  })
  return [
    `<p>${esc(count(s.matches, 'finished match', 'finished matches'))}, ${esc(count(s.wins, 'win', 'wins'))}${s.sharedWins ? ` (${s.sharedWins} shared)` : ''}, win rate ${percent(s.winRate)}, longest winning streak ${s.longestStreak}.</p>`,
    table(
      'By game',
      ['Game', 'Matches', 'Wins', 'Win rate', 'Average place', 'Longest streak'],
      s.games
        .filter((g) => g.matches > 0)
        .map((g) => [
          esc(GAME_NAMES[g.gameId]),
          String(g.matches),
          String(g.wins),
          percent(g.winRate),
          g.avgPlacement === null ? '–' : num(g.avgPlacement),
          String(g.longestStreak),
        ]),
      [1, 2, 3, 4, 5],
    ),
    inSeasons.length
      ? `<h2>Seasons</h2>\n<ul class="plain">${inSeasons
          .map(
            ({ season, row }) =>
              `<li>${link(`../${seasonPage(season)}`, esc(season.season.name))}: ${esc(place(season, row.rank))} of ${season.rows.length}, ${esc(num(row.points))} points${season.season.archivedAt ? ' (final)' : ''}</li>`,
          )
          .join('')}</ul>`
      : '',
    p.form.length
      ? [
          '<h2>Recent matches</h2>',
          table(
            'Last finished matches',
            ['Date', 'Game', 'Place', 'Result'],
            p.form.map((f) => [
              esc(longDate(f.localDate)),
              esc(GAME_NAMES[f.gameId]),
              esc(`${ordinal(f.placement)} of ${f.seats}`),
              esc(f.won ? (f.shared ? 'shared win' : 'win') : ''),
            ]),
          ),
        ].join('\n')
      : '',
  ]
    .filter(Boolean)
    .join('\n')
}
