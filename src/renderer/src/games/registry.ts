/**
 * The renderer's side of each game, in one place (`GAME_UI`): its match view, its own options on the
 * New match screen and its round form. A mapped type over the game ids (`src/shared/games/ids.ts`), so
 * a game added without its entry here does not compile. MatchScreen and NewMatchScreen read it. How an
 * entry is put in words (its history line, its values per seat, its undo label) is the game's module's
 * (`describeEntry`, read through `src/shared/games/describe.ts`), not the renderer's. Views, panels and
 * forms are loaders: each is its own chunk, fetched when a screen needs it.
 */
import type { Component } from 'svelte'
import type { GameId } from '../../../shared/games/ids'
import type { MatchState } from '../state/match.svelte'

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
  },
  nine: {
    view: () => import('./nine/Match.svelte'),
    options: null,
    seatColours: false,
    createOptions: noOptions,
    roundForm: () => import('./nine/RoundForm.svelte'),
  },
  ennea: {
    view: () => import('./ennea/Match.svelte'),
    options: null,
    seatColours: true,
    createOptions: (setup) => ({ colours: [...setup.colours] }),
    roundForm: null,
  },
  'seven-eight-nine': {
    view: () => import('./seven-eight-nine/Match.svelte'),
    options: () => import('../components/MatchLengthOptions.svelte'),
    seatColours: false,
    createOptions: (setup) => ({ target: setup.target }),
    roundForm: null,
  },
}
