/**
 * Rule IDs (EN-R10, WN-V8, NI-G07, SE-A3, ...) and where they live in the app: `#/rules/<game>/<id>`.
 * Kept free of the rules text so RuleLink and RuleText stay small wherever they are used: the games,
 * their names and their prefixes come from the games' facts list (no engine in it).
 */
import { GAME_FACTS, GAME_IDS, GAME_NAMES, isGameId, type GameId } from '../../../shared/games/ids'

/** The games with a rules page: every game (each one's facts name its page and its rule-ID prefix). */
export const RULE_GAMES: readonly GameId[] = GAME_IDS
export type RuleGame = GameId

export const RULE_GAME_NAMES: Record<RuleGame, string> = GAME_NAMES

const PREFIX_GAME: ReadonlyMap<string, RuleGame> = new Map(GAME_IDS.map((g) => [GAME_FACTS[g].rules.prefix, g]))
/** House-rule keys as the docs and the engines write them: `ennea.failedLineRemoval`, `sen.declareGap`, ... */
const HOUSE_PREFIX_GAME: ReadonlyMap<string, RuleGame> = new Map(
  GAME_IDS.map((g) => [GAME_FACTS[g].rules.houseRules, g]),
)
const alternatives = (keys: ReadonlyMap<string, RuleGame>): string => [...keys.keys()].join('|')

/** A whole rule ID: game prefix, kind letters (R rule, A decision, V check, G worked example), number. */
export const RULE_ID = new RegExp(`^(${alternatives(PREFIX_GAME)})-[A-Z]+[0-9]+$`)
/** Rule IDs inside running text (not glued to letters, digits or a hyphen on either side). */
const RULE_ID_IN_TEXT = new RegExp(`(?<![A-Za-z0-9-])(?:${alternatives(PREFIX_GAME)})-[A-Z]+[0-9]+(?![A-Za-z0-9])`, 'g')
export const HOUSE_RULE_KEY = new RegExp(`^(${alternatives(HOUSE_PREFIX_GAME)})\\.[A-Za-z]+$`)

export function isRuleId(text: string): boolean {
  return RULE_ID.test(text)
}

/** The game a rule ID or house-rule key belongs to, or null for anything else. */
export function gameOfRule(id: string): RuleGame | null {
  if (RULE_ID.test(id)) return PREFIX_GAME.get(id.slice(0, id.indexOf('-'))) ?? null
  if (HOUSE_RULE_KEY.test(id)) return HOUSE_PREFIX_GAME.get(id.slice(0, id.indexOf('.'))) ?? null
  return null
}

/** The app's address of a rule: `#/rules/nine/NI-R12`. Unknown text links to the Rules screen itself. */
export function ruleHref(id: string): string {
  const game = gameOfRule(id)
  return game ? `#/rules/${game}/${encodeURIComponent(id)}` : '#/rules'
}

/** The DOM id of a rule's element on the Rules screen. */
export function ruleAnchor(id: string): string {
  return `rule-${id}`
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'rule'; id: string }

/** Splits running text into plain parts and rule IDs, so the IDs can become links. */
export function splitRuleIds(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const m of text.matchAll(RULE_ID_IN_TEXT)) {
    const at = m.index ?? 0
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) })
    parts.push({ kind: 'rule', id: m[0] })
    last = at + m[0].length
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) })
  return parts
}

/** Where a rules route points: `nine/NI-R12` → the game and the rule; `nine` → the game only. */
export function parseRulesParam(param: string): { game: RuleGame | null; id: string | null } {
  const [head = '', rest = ''] = param.split('/')
  const game = isGameId(head) ? head : null
  if (!game) {
    // `#/rules/NI-R12` works too: the ID names its game.
    const byId = gameOfRule(head)
    return byId ? { game: byId, id: head } : { game: null, id: null }
  }
  return { game, id: rest && gameOfRule(rest) === game ? rest : null }
}

/** Search words of a query: lower case, split on spaces. */
export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

/** Splits text into parts that do and do not match any search word (any case), for <mark>. */
export function highlightParts(text: string, terms: readonly string[]): { text: string; mark: boolean }[] {
  const words = terms.filter(Boolean)
  if (words.length === 0 || text === '') return text ? [{ text, mark: false }] : []
  const lower = text.toLowerCase()
  const marked = new Array<boolean>(text.length).fill(false)
  for (const w of words) {
    for (let at = lower.indexOf(w); at !== -1; at = lower.indexOf(w, at + 1)) marked.fill(true, at, at + w.length)
  }
  const parts: { text: string; mark: boolean }[] = []
  for (let i = 0; i < text.length;) {
    let j = i
    while (j < text.length && marked[j] === marked[i]) j++
    parts.push({ text: text.slice(i, j), mark: marked[i]! })
    i = j
  }
  return parts
}
