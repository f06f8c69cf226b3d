/**
 * The renderer's side of each game, in one place (`GAME_UI`): its match view, its own options on the
 * New match screen, its round form and how its entries are put in words. A mapped type over the game
 * ids (`src/shared/games/ids.ts`), so a game added without its entry here does not compile.
 * MatchScreen, MatchHistory and NewMatchScreen read it (the undo labels' words are the game's facts:
 * `roundEntry`, `roundWord`). Views, panels and forms are loaders: each is its own chunk, fetched when
 * a screen needs it.
 */
import type { Component } from 'svelte'
import type { GameId } from '../../../shared/games/ids'
import type { MatchState } from '../state/match.svelte'
import { describeNineDeal, describeWildNineRound } from './shared-sheet/describe'

/** What a game's own New match options read and set (the New match screen's state fits it). */
export interface SetupChoices {
  colours: string[]
  target: number | null
}

/** A component fetched on demand. */
export type Loader<Props extends Record<string, unknown>> = () => Promise<{ default: Component<Props> }>

export interface GameUi {
  /** Its match screen; takes the match. */
  view: Loader<{ match: MatchState }>
  /** Its own options on the New match screen (beyond seats, first player and house rules), or null. */
  options: Loader<{ setup: SetupChoices; errorOn: (field: string) => string | null }> | null
  /** True when each seat picks a colour (Ennea's cubes). */
  seatColours: boolean
  /** What its own options add to `matches:create`. */
  createOptions(setup: Readonly<SetupChoices>): Record<string, unknown>
  /** Its round form (props of its own), for games entered a round at a time from the scoresheet (their facts' `roundEntry`), or null. */
  roundForm: Loader<never> | null
  /** A whole-round entry's values in words ("Ana 12"), for what a correction changed; null when it has none. */
  describeRound: ((names: readonly string[], action: unknown) => string[]) | null
}

const noOptions = (): Record<string, unknown> => ({})

/** Every game's renderer side, under its id. */
export const GAME_UI: { readonly [G in GameId]: GameUi } = {
  'wild-nine': {
    view: () => import('./wild-nine/Match.svelte'),
    options: null,
    seatColours: false,
    createOptions: noOptions,
    roundForm: () => import('./wild-nine/RoundForm.svelte'),
    describeRound: describeWildNineRound,
  },
  nine: {
    view: () => import('./nine/Match.svelte'),
    options: null,
    seatColours: false,
    createOptions: noOptions,
    roundForm: () => import('./nine/RoundForm.svelte'),
    describeRound: describeNineDeal,
  },
  ennea: {
    view: () => import('./ennea/Match.svelte'),
    options: null,
    seatColours: true,
    createOptions: (setup) => ({ colours: [...setup.colours] }),
    roundForm: null,
    describeRound: null,
  },
  'seven-eight-nine': {
    view: () => import('./seven-eight-nine/Match.svelte'),
    options: () => import('../components/MatchLengthOptions.svelte'),
    seatColours: false,
    createOptions: (setup) => ({ target: setup.target }),
    roundForm: null,
    describeRound: null,
  },
}
