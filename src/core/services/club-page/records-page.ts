/**
 * The club page's records page (docs/ARCHITECTURE.md § The club page) from the club's records service
 * (`records:get`, docs/ARCHITECTURE.md § Records): each game's champions, the longest runs, the biggest
 * winning margins, the most-played pairings, the badges and the newest year in review; before them, the
 * overall lists worked out from the stats (records.ts). Names only: no match ids leave this file.
 */
import { GAME_NAMES } from '../../../shared/games/engine'
import type { ClubRecords, Streak } from '../../../shared/model/records'
import { esc, longDate, num, percent, table } from './html'
import type { RecordList } from './records'

/** A player's name, linked to their page when they have one (render.ts). */
export type Who = (playerId: string, name: string) => string

const day = (iso: string): string => longDate(iso.slice(0, 10))
const run = (s: Streak): string => `${s.length} (${day(s.from)} to ${day(s.to)})`

/** One of the overall lists: a heading, what counts, and its places. */
export function recordList(r: RecordList, heading: 'h2' | 'h3', scope: string, who: Who): string {
  return [
    `<${heading}>${esc(r.title)}</${heading}>`,
    `<p class="muted">${esc(r.note)}</p>`,
    r.entries.length
      ? table(
          `${scope}: ${r.title.toLowerCase()}`,
          ['Place', 'Player', 'Record'],
          r.entries.map((e) => [esc(e.place), who(e.playerId, e.name), esc(e.value)]),
        )
      : '',
  ]
    .filter(Boolean)
    .join('\n')
}

/** The sections read from the records service, in the order a reader looks for them. */
export function serviceRecords(r: ClubRecords, who: Who): string {
  const out: string[] = []
  const champions = r.champions.filter((c) => c.mostWins)
  if (champions.length)
    out.push(
      '<h2>Champions of each game</h2>',
      table(
        'Champions of each game',
        ['Game', 'Most wins', 'Best win rate'],
        champions.map((c) => [
          esc(GAME_NAMES[c.gameId]),
          c.mostWins
            ? `${who(c.mostWins.playerId, c.mostWins.name)}: ${c.mostWins.wins} of ${c.mostWins.matches}`
            : '–',
          c.bestRate
            ? `${who(c.bestRate.playerId, c.bestRate.name)}: ${percent(c.bestRate.rate)} of ${c.bestRate.matches}`
            : esc(`nobody with ${c.minMatches} matches yet`),
        ]),
      ),
    )
  const runs = (key: 'wins' | 'unbeaten'): { playerId: string; name: string; s: Streak }[] =>
    r.streaks
      .flatMap((p) => (p[key] ? [{ playerId: p.playerId, name: p.name, s: p[key] as Streak }] : []))
      .sort((a, b) => b.s.length - a.s.length || a.s.from.localeCompare(b.s.from) || a.name.localeCompare(b.name, 'en'))
      .slice(0, 5)
  for (const [key, title] of [
    ['wins', 'Longest runs of wins'],
    ['unbeaten', 'Longest unbeaten runs'],
  ] as const) {
    const rows = runs(key)
    if (rows.length)
      out.push(
        `<h2>${esc(title)}</h2>`,
        table(
          title,
          ['Player', 'Matches in a row'],
          rows.map((x) => [who(x.playerId, x.name), esc(run(x.s))]),
        ),
      )
  }
  if (r.margins.length)
    out.push(
      '<h2>Biggest winning margins</h2>',
      table(
        'Biggest winning margins',
        ['Game', 'Winner', 'Score', 'Margin', 'Date'],
        r.margins.map((m) => [
          esc(GAME_NAMES[m.gameId]),
          who(m.playerId, m.name),
          esc(`${num(m.winnerScore)} to ${num(m.runnerUpScore)}${m.lowerScoreWins ? ' (lower wins)' : ''}`),
          num(m.margin),
          esc(day(m.finishedAt)),
        ]),
        [3],
      ),
    )
  if (r.pairings.length)
    out.push(
      '<h2>Most-played pairings</h2>',
      table(
        'Most-played pairings',
        ['Players', 'Matches together'],
        r.pairings.map((p) => [`${who(p.a.playerId, p.a.name)} and ${who(p.b.playerId, p.b.name)}`, String(p.matches)]),
        [1],
      ),
    )
  const badges = r.badges.filter((b) => b.holders.length)
  if (badges.length)
    out.push(
      '<h2>Badges</h2>',
      table(
        'Badges',
        ['Badge', 'For', 'Held by'],
        badges.map((b) => [esc(b.name), esc(b.threshold), b.holders.map((h) => who(h.playerId, h.name)).join(', ')]),
      ),
    )
  const y = r.year
  if (y)
    out.push(
      `<h2>${y.year} in review</h2>`,
      `<p>${y.matches} finished matches over ${y.nights} game nights.${y.mostActive ? ` Most active: ${who(y.mostActive.playerId, y.mostActive.name)} (${y.mostActive.matches} matches).` : ''}${y.longestStreak ? ` Longest run of wins: ${who(y.longestStreak.playerId, y.longestStreak.name)}, ${esc(run(y.longestStreak))}.` : ''}</p>`,
      y.newPlayers.length
        ? `<p>New this year: ${y.newPlayers.map((p) => who(p.playerId, p.name)).join(', ')}.</p>`
        : '',
      y.champions.some((c) => c.mostWins)
        ? table(
            `${y.year}: most wins in each game`,
            ['Game', 'Most wins'],
            y.champions.flatMap((c) =>
              c.mostWins
                ? [
                    [
                      esc(GAME_NAMES[c.gameId]),
                      `${who(c.mostWins.playerId, c.mostWins.name)}: ${c.mostWins.wins} of ${c.mostWins.matches}`,
                    ],
                  ]
                : [],
            ),
          )
        : '',
    )
  return out.filter(Boolean).join('\n')
}
