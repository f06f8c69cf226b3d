/** Hash routes (#/players): they work the same under app:// in Electron and over http in a browser. */
export const ROUTES = [
  { id: 'players', label: 'Players', key: '1' },
  { id: 'new-match', label: 'New match', key: '2' },
  { id: 'matches', label: 'Matches', key: '3' },
  { id: 'stats', label: 'Stats', key: '4' },
  { id: 'referee', label: 'Referee', key: '5' },
  { id: 'settings', label: 'Settings', key: '6' },
] as const

export type RouteId = (typeof ROUTES)[number]['id']

function parse(hash: string): RouteId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0]
  return (ROUTES.find((r) => r.id === id)?.id ?? 'players') as RouteId
}

class Router {
  current = $state<RouteId>(parse(location.hash))

  constructor() {
    window.addEventListener('hashchange', () => {
      this.current = parse(location.hash)
    })
  }

  go(id: RouteId): void {
    location.hash = `#/${id}`
  }
}

export const router = new Router()
