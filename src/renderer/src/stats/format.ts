import { GAME_IDS, GAME_NAMES, type GameId } from '../../../shared/games/engine'

export { GAME_IDS, GAME_NAMES }
export type { GameId }

/** Distinct line colours readable on light and dark surfaces; a player's own colour wins. */
const PALETTE = ['#2f7fd1', '#d9534f', '#2e9d5b', '#c77c11', '#8e5bd0', '#d0447f', '#1b9aa6', '#7f8c2d']
export const colourFor = (i: number, own: string | null | undefined): string => own ?? PALETTE[i % PALETTE.length] ?? '#2f7fd1'

export const pct = (x: number | null): string => (x === null ? '–' : `${Math.round(x * 100)}%`)
export const num = (x: number | null, digits = 2): string => (x === null ? '–' : Number.isInteger(x) ? String(x) : x.toFixed(digits))

export const EVENT_LABELS: Record<GameId, [string, string][]> = {
  'wild-nine': [
    ['roundsWon', 'Rounds won (went out)'],
    ['ninesLeft', '9s left in hand'],
    ['deadlocks', 'Deadlocked rounds'],
  ],
  nine: [
    ['ninesOk', 'NINE declared and won'],
    ['ninesFailed', 'NINE declared and failed'],
    ['resets90', '90 → 45 resets'],
    ['lost99', 'Games lost at 99'],
  ],
  ennea: [
    ['linesMade', '9-lines made'],
    ['enneaCalls', 'ENNEA calls'],
    ['enneaMadeLine', 'ENNEA calls that made a line'],
    ['enneaLostCubes', 'ENNEA calls that lost cubes'],
  ],
  // SE-R14: each way of winning once. A Block never wins; a blocked game that ends in the tiebreaker is a tiebreaker win.
  'seven-eight-nine': [
    ['swapWins', 'Wins by swap'],
    ['reactWins', 'Wins by React'],
    ['declareWins', 'Wins by Declare'],
    ['dealtWins', 'Dealt wins'],
    ['tiebreakWins', 'Wins by tiebreaker'],
    ['draws', 'Draws'],
  ],
}

/** What the average round score means in each game. */
export const ROUND_SCORE_LABEL: Record<GameId, string> = {
  'wild-nine': 'Average penalty per round',
  nine: 'Average penalty per round',
  ennea: 'Cubes kept per round',
  'seven-eight-nine': 'Games won per game played',
}

/** A yyyy-mm-dd from a date input to the ISO bound the API takes (the "to" day is included). */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const start = Date.parse(`${day}T00:00:00.000Z`)
  if (Number.isNaN(start)) return undefined
  return new Date(end ? start + 86_400_000 : start).toISOString()
}
