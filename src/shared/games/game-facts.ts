/**
 * What the app knows of a game without its engine: plain data, no imports, so anything (the Rules
 * screen's links, the New match screen, the import plan, the contract's messages) can read it without
 * loading a rules engine. Each game's facts are in `<game>/facts.ts`, listed once in `ids.ts`; its
 * module (`<game>/module.ts`) carries them too.
 */
export interface GameFacts<Id extends string = string> {
  readonly id: Id
  readonly name: string
  /** One line on the New match screen: what the game is. */
  readonly blurb: string
  /** The option that picks who goes first: the first dealer (games dealt round by round) or the starting player. */
  readonly firstSeat: 'firstDealer' | 'starter'
  /** Where its rules are written (docs/rules/). */
  readonly rules: {
    /** The rule IDs' prefix, two capital letters: `EN` in EN-R10. */
    readonly prefix: string
    /** The prefix of its house-rule keys as the rules pages write them: `ennea` in `ennea.failedLineRemoval`. */
    readonly houseRules: string
    /** Its page in docs/rules/: `ennea.md`. */
    readonly page: string
  }
  /** True when the lowest score ranks first (penalty points), false when the highest does (cubes, wins). */
  readonly lowerScoreWins: boolean
  /** What one round is called at the table: Round, Deal, Game. */
  readonly roundWord: string
  /**
   * The action that enters a whole round at once from the scoresheet (`round`), or null for games
   * tracked move by move. Undoing it says "Deal 3 undone" and can bring its values back into the form.
   */
  readonly roundEntry: string | null
}
