/**
 * Hash routes (#/players, #/match/<id>): they work the same under app:// in Electron and over http
 * in a browser. Screens in the navigation have a key: Alt+1..8. The Rules screen takes a page and a
 * rule after it: #/rules/nine/NI-R12.
 */
export const ROUTES = [
  { id: 'players', label: 'Players', key: '1' },
  { id: 'new-match', label: 'New match', key: '2' },
  { id: 'matches', label: 'Matches', key: '3' },
  { id: 'stats', label: 'Stats', key: '4' },
  { id: 'referee', label: 'Referee', key: '5' },
  { id: 'settings', label: 'Settings', key: '6' },
  { id: 'rules', label: 'Rules', key: '7' },
  { id: 'club', label: 'Club', key: '8' },
] as const

export type NavId = (typeof ROUTES)[number]['id']
/** 'board': the night board (full screen, outside the navigation; reached from the sidebar's Night board link). */
export type RouteId = NavId | 'match' | 'board'

export interface Route {
  id: RouteId
  /** The match id for 'match', the page and rule for 'rules' ('nine/NI-R12'), else ''. */
  param: string
  /** Query parameters after '?', e.g. #/new-match?game=nine. */
  query: Record<string, string>
}

export function parseRoute(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#\/?/, '').split('?')
  const [head = '', param = ''] = path.split('/')
  // Parsed once into a plain object; the URLSearchParams itself is never kept, so it needs no reactivity.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  const query = Object.fromEntries(new URLSearchParams(search))
  if (head === 'match' && param) return { id: 'match', param: decodeURIComponent(param), query }
  if (head === 'board') return { id: 'board', param: '', query }
  const nav = ROUTES.find((r) => r.id === head)
  if (nav?.id === 'rules') return { id: 'rules', param: safeDecode(path.slice(head.length + 1)), query }
  return { id: nav?.id ?? 'players', param: '', query }
}

/** A malformed escape (`%E0`) reads as nothing rather than throwing on navigation. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return ''
  }
}

class Router {
  route = $state<Route>(parseRoute(location.hash))
  current = $derived<RouteId>(this.route.id)

  constructor() {
    window.addEventListener('hashchange', () => {
      this.route = parseRoute(location.hash)
    })
  }

  go(id: NavId, query: Record<string, string> = {}): void {
    const q = new URLSearchParams(query).toString()
    location.hash = `#/${id}${q ? `?${q}` : ''}`
  }

  openMatch(id: string): void {
    location.hash = `#/match/${encodeURIComponent(id)}`
  }
}

export const router = new Router()
