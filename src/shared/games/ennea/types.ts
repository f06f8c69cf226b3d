/**
 * Ennea types. The first block is the fixed public rules API; the rest is the
 * live-tracking engine's config, state, actions and legal-action hints. Everything is plain
 * JSON-safe data: no classes, Dates, Maps or undefined values.
 */

/** House rule `ennea.failedLineRemoval` (EN-A5). */
export type EnneaRemovalRule = 'STRICT' | 'OWNER_SEQUENTIAL' | 'SHARED'

export interface EnneaBoard {
  /** The 9 revealed values 1..9, row by row: cell = row * 3 + column. */
  grid: number[]
  /** 9 entries, one per cell: the seats that have a cube on that cell. */
  stakes: number[][]
  /** Each seat's cube total before this resolution (length = player count). */
  totals: number[]
}

export interface EnneaLine {
  kind: 'row' | 'column'
  /** 0..2 */
  index: number
  /** The cells of this line that hold this seat's cubes (2 or 3). */
  cells: number[]
  sum: number
  /** sum === 9 */
  success: boolean
}

export interface EnneaSeatResolution {
  seat: number
  /** This seat's staked lines, rows first then columns. */
  lines: EnneaLine[]
  protectedCells: number[]
  /** One valid choice of cubes to take off, length = lineLoss. */
  removedCells: number[]
  lineLoss: number
  /** True when the "lose at least 1" rule added the only cube lost. */
  minimumLoss: boolean
  loss: number
  /** Cubes after the round. */
  total: number
  /** This seat's cubes that lie in no staked line (EN-R20). */
  loneCells: number[]
  /** Readable sentences, in order, for the UI and a referee to read aloud. */
  explanation: string[]
}

// ---------------------------------------------------------------------------------------------
// Live-tracking engine
// ---------------------------------------------------------------------------------------------

export interface EnneaHouseRules {
  /** `ennea.failedLineRemoval`, default STRICT. */
  failedLineRemoval: EnneaRemovalRule
  /** `ennea.reshuffleEachRound`, default false (the 4 grids use the 36 cards once). */
  reshuffleEachRound: boolean
}

export interface EnneaConfig {
  /** 2 to 4 seats, clockwise. An empty name becomes P1, P2, ... */
  names: string[]
  /** One distinct cube colour per seat. Defaults to red, blue, green, yellow when omitted. */
  colours?: string[]
  /** Seat (0-based) that starts round 1; default 0. */
  starter?: number
  houseRules?: Partial<EnneaHouseRules>
}

/**
 * 'turns' = normal turns; 'final-actions' = after an ENNEA call, each other seat with cubes gets one
 * Stake or Pass; 'reveal' = waiting for the 9 card values; 'over' = after round 4.
 * A revealed round is resolved at once (its record goes to `rounds`) and the next round starts.
 */
export type EnneaPhase = 'turns' | 'final-actions' | 'reveal' | 'over'

export interface EnneaPeek {
  seat: number
  cell: number
}

export interface EnneaRoundRecord {
  /** 1..4 */
  round: number
  /** The nominal starting seat of this round (rotation is by seat, EN-A19). */
  starter: number
  /** The seat that called ENNEA this round, or null. */
  caller: number | null
  /** The revealed values, row by row; 0 for a card without cubes left unknown (EN-A21, see unknownCells). */
  grid: number[]
  /** Per cell, the seats with a cube on it at reveal. */
  stakes: number[][]
  /** Cells peeked this round, in order (never their values). */
  peeks: EnneaPeek[]
  totalsBefore: number[]
  totalsAfter: number[]
  seats: EnneaSeatResolution[]
  /** The cells left unknown at reveal (EN-A21; no cubes on them). Absent in records made before it existed. */
  unknownCells?: number[]
  /** The failed-line removal rule this round was resolved under (the match's `ennea.failedLineRemoval`). */
  removalRule?: EnneaRemovalRule
  /** This round's actions in words. */
  log: string[]
  /** The whole resolution in words, seat by seat. */
  explanation: string[]
}

export interface EnneaState {
  game: 'ennea'
  names: string[]
  colours: string[]
  houseRules: EnneaHouseRules
  /** Round-1 starting seat. */
  firstStarter: number
  /** 1..4; stays 4 when over. */
  round: number
  phase: EnneaPhase
  /** Nominal starting seat of the current round. */
  starter: number
  /** Seat to act, or null during 'reveal' and 'over'. */
  toAct: number | null
  /** Cube totals (score). Constant during a round; updated at resolution. */
  totals: number[]
  /** Per seat, cubes still in the pool this round. */
  pools: number[]
  /** Per seat, cubes set aside this round (Peek, Pass, ENNEA call). They come back next round. */
  setAside: number[]
  /** Per cell (0..8), the seats with a cube on it, in the order they were staked. */
  cells: number[][]
  peeks: EnneaPeek[]
  /** The seat that called ENNEA this round, or null. */
  caller: number | null
  /** During 'final-actions': the seats still owed a final action, the one to act first. */
  finalQueue: number[]
  /** This round's actions in words. */
  log: string[]
  /** Resolved rounds, oldest first. */
  rounds: EnneaRoundRecord[]
}

/**
 * `seat` (optional) names the seat the action is meant for: when it is not the seat to act, the action is
 * refused ("That was Bo's stake; it is Cy's turn now"), so a repeated key press never acts for the next player.
 * A reveal's `grid` may hold null for a card with no cubes whose value nobody knows (EN-A21).
 */
export type EnneaAction =
  | { type: 'peek'; cell: number; seat?: number }
  | { type: 'stake'; cell: number; seat?: number }
  | { type: 'pass'; seat?: number }
  | { type: 'ennea'; seat?: number }
  | { type: 'reveal'; grid: (number | null)[] }

/** What may be done now; only the legal kinds are listed. */
export type EnneaLegal =
  | { type: 'peek'; seat: number; cells: number[] }
  | { type: 'stake'; seat: number; cells: number[] }
  /** `cubes` = how many cubes the Pass sets aside (2, or 1 with a single cube). */
  | { type: 'pass'; seat: number; cubes: number }
  /** `cubes` = the pool the call sets aside. */
  | { type: 'ennea'; seat: number; cubes: number }
  /** `expected` = the sorted values the grid must consist of (round 4, no reshuffle), else null. */
  | { type: 'reveal'; expected: number[] | null }
