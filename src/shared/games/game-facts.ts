/**
 * What the app knows of a game without its engine: plain data, no imports, so anything (the Rules
 * screen's links, the New match screen, the import plan, the contract's messages) can read it without
 * loading a rules engine. Each game's facts are in `<game>/facts.ts`, listed once in `ids.ts`; its
 * module (`<game>/module.ts`) carries them too.
 */
export interface GameFacts<Id extends string = string> {
  readonly id: Id
  readonly name: string
}
