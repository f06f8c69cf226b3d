/**
 * What one game is, in one place: a `GameModule` per game (`<game>/module.ts`), listed once in
 * `registry.ts`. Everything that differs between games — the id and name, the seats, the input
 * schemas, the house rules, the engine and its version, the rows a round leaves for stats, the rule
 * events those rows count, how a log entry is put in words (`describeEntry`) — is a field here, so adding a game is one
 * folder plus its views. Types only: nothing here runs.
 */
import type * as v from 'valibot'
import type { GameEngine } from './engine'
import type { GameFacts } from './game-facts'
import type { Sheet } from './sheets'

/**
 * A house rule chosen from a list (docs/rules/README.md § House rules), shown with its explanation on the
 * New match screen.
 */
export interface ChoiceRule {
  kind: 'choice'
  key: string
  label: string
  /** What the rule decides, in the words of its game's page in docs/rules (shown under the control). */
  explanation: string
  default: string | number | boolean
  choices: { value: string | number | boolean; label: string; note?: string }[]
}

export interface NumberRule {
  kind: 'number'
  key: string
  label: string
  explanation: string
  default: number
  min: number
  max: number
}

export type HouseRule = ChoiceRule | NumberRule

/** One seat's row for one completed round, as the database keeps it for stats (round_results). */
export interface RoundRow {
  /** 1-based round (deal, or game in Seven Eight Nine). */
  round: number
  seat: number
  /** What the round added: penalty points (Wild Nine, Nine), cubes kept (Ennea), 1 for a won game (Seven Eight Nine). */
  score: number
  /** The seat's running total after the round. */
  total: number
  wonRound: boolean
  /** Game-specific rule events, for stats (9s left in hand, NINE declarations, 9-lines made...). */
  details: Record<string, number | boolean | string>
}

/** What a log entry needs to be put in words besides itself. */
export interface ActionContext {
  /** Seat names as they are now. */
  names: readonly string[]
  /** The seat expected to act before this entry, if one was. */
  toAct: number | null
  /** The round / deal / game the entry belongs to (1-based). */
  round: number
}

/**
 * A log entry in words, every form the app shows it in, from one reading of the action by its game's
 * module (`describeEntry`); `../describe.ts` adds what every game shares.
 */
export interface EntryWords {
  /** One line, for the history and for Undo / Redo: "Bo's stake on R1C1", "Round 4", "Ana flips 7♠". */
  readonly line: string
  /**
   * A whole-round entry's values, a line per seat ("Ana went out", "Ben: 9♠ Q♥"): shown after an undo
   * and compared, old → new, for what a correction changed. Empty for a single move.
   */
  readonly seats: readonly string[]
  /**
   * What undoing it says, "Round 4 undone", when its values can be put back into the round form (the
   * facts' `roundEntry`); null for a single move (the service's words then say it).
   */
  readonly undone: string | null
}

/** The six rule-event counters of a round row: the columns e1..e6 of round_results and the summaries. */
export type RoundCounters = [number, number, number, number, number, number]

/** One rule event the stats count, e.g. Wild Nine's "9s left in hand". */
export interface StatEvent {
  /** The key the stats answer it under (`ninesLeft`); stable, it is part of the stats on the wire. */
  name: string
  /** What the Stats screen calls it. */
  label: string
  /** Its count in one round row, from the row's details as written to round_results.details_json. */
  count(details: Readonly<Record<string, unknown>>): number
}

/** A game's module: its facts (`<game>/facts.ts`, spread in) and everything that runs. */
export interface GameModule<Id extends string, Config, State, Action, Legal> extends GameFacts<Id> {
  /** Seat counts the game allows (docs/rules/README.md § House rules). */
  readonly seats: { readonly min: number; readonly max: number }
  /** The shapes the engine accepts (the engine parses with them; rules that depend on the table stay in the engine). */
  readonly configSchema: v.GenericSchema
  readonly actionSchema: v.GenericSchema
  /** The house rules (keys of `config.houseRules`) with their explanations and defaults. */
  readonly houseRules: readonly HouseRule[]
  readonly engine: GameEngine<Config, State, Action, Legal, string>
  /**
   * The engine's version, stored with every match it starts. Raise it when a change could make an
   * old log replay differently; the Matches screen then shows any old match that no longer replays.
   */
  readonly engineVersion: number
  /** The rule events, in column order e1, e2, ... (at most six; unused columns count 0). */
  readonly statEvents: readonly StatEvent[]
  /** The order the Stats screen lists them in (every name once). */
  readonly statEventOrder: readonly string[]
  /** What the average round score means in this game. */
  readonly roundScoreLabel: string
  /** Rounds (deals, games) completed in a state. */
  completedRounds(state: State): number
  /** The rows of every completed round numbered `fromRound` or later. */
  roundRows(state: State, fromRound: number): RoundRow[]
  /**
   * The rounds CSV's columns for the details its round rows carry: [detail key, column name], in the
   * order the export writes them (true/false written 1/0). A detail not listed goes to `other_details`.
   */
  readonly csvColumns: readonly (readonly [key: string, column: string])[]
  /**
   * A log entry in words (`EntryWords`), read once from the action: `who` is the seat it names, else
   * the seat that was to act. Null for an entry this game has no words for.
   */
  describeEntry(action: Readonly<Record<string, unknown>>, who: string, ctx: ActionContext): EntryWords | null
  /** The per-round scoresheet (games scored round by round on paper). */
  sheet?(state: State, message: string): Sheet
}

/** A detail as a count: numbers as they are, true as 1, anything else (false, missing) as 0. */
export function countOf(v: unknown): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  return v === true ? 1 : 0
}

/**
 * The rounds numbered `fromRound` or later (all of them from 1). Every engine appends its rounds in
 * order, so they are found from the end: a commit that reads only the newest round costs the same
 * at round 200 as at round 2.
 */
export function roundsFrom<T extends { round: number }>(rounds: readonly T[], fromRound: number): T[] {
  let i = rounds.length
  while (i > 0 && (rounds[i - 1] as T).round >= fromRound) i--
  return rounds.slice(i)
}
