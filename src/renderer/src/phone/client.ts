/**
 * The phone's calls to the table units' listener (docs/TABLES.md): same-origin JSON POSTs with the
 * pairing cookie, and the entries not yet answered kept in localStorage, each with its idempotency
 * key, so a round typed while the Wi-Fi is down is sent when it is back, exactly once (the laptop
 * answers a key it has seen with the first result). No WebCrypto: the page also runs over plain HTTP.
 */
export interface PhoneStanding {
  seat: number
  name: string
  score: number
  rank: number
  eliminated: boolean
}

export interface PhoneView {
  table: string
  matchId: string
  gameId: string
  status: string
  round: number
  message: string
  over: boolean
  seats: { seat: number; name: string }[]
  standings: PhoneStanding[]
  head: string
  canUndo: boolean
  /** The game's state on the laptop (null when it could not be replayed): the form checks an entry against it. */
  state: unknown
  entries: number
}

export type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } }

/** An entry waiting for the laptop's answer. */
export interface Pending {
  key: string
  op: 'enter' | 'undo'
  action?: unknown
  expected?: string
}

const QUEUE = 'ninekeeper.table.pending'

/** A key unique to this phone: time, a counter and random letters (uniqueness is enough; it is no secret). */
let counter = 0
export function newKey(): string {
  counter += 1
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

export async function post<T>(path: string, body: unknown): Promise<Answer<T>> {
  const r = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  return (await r.json()) as Answer<T>
}

export function pending(): Pending[] {
  try {
    const raw = localStorage.getItem(QUEUE)
    return raw ? (JSON.parse(raw) as Pending[]) : []
  } catch {
    return []
  }
}

function store(list: Pending[]): void {
  localStorage.setItem(QUEUE, JSON.stringify(list))
}

export function enqueue(p: Pending): void {
  store([...pending(), p])
}

function drop(key: string): void {
  store(pending().filter((p) => p.key !== key))
}

/**
 * Sends the waiting entries in order. An answer (accepted or refused) takes the entry off the queue;
 * no answer (the network is down, the laptop restarts) leaves it and stops: it is sent again later.
 * Resolves with the last answer, or null when an entry is still waiting.
 */
export async function flush(): Promise<{ answer: Answer<{ view: PhoneView }> | null; waiting: number }> {
  let last: Answer<{ view: PhoneView }> | null = null
  for (const p of pending()) {
    let answer: Answer<{ view: PhoneView }>
    try {
      answer = await post<{ view: PhoneView }>(
        `/phone/${p.op}`,
        p.op === 'enter' ? { key: p.key, action: p.action, expected: p.expected } : { key: p.key },
      )
    } catch {
      return { answer: last, waiting: pending().length }
    }
    drop(p.key)
    last = answer
    if (!answer.ok && answer.error.code === 'not-paired') break
  }
  return { answer: last, waiting: pending().length }
}
