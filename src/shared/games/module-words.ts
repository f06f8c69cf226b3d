/** Small word helpers the games' `describeAction` share. */

/** A card as the log names it: "9S", "7", or "a card" when the entry has none. */
export const cardText = (c: unknown): string =>
  typeof c === 'string' ? c.toUpperCase() : typeof c === 'number' ? String(c) : 'a card'
