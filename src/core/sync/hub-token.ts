/**
 * The hub token: what a laptop shows Ninekeeper's own hub (`npm run hub`, src/core/hub/proxy.ts) so
 * that only laptops holding the club code can read or write the club's history there.
 *
 *   hubToken(key) = base64url(HMAC-SHA256(club key, "ninekeeper-hub-token-v1"))   (43 characters)
 *
 * It is derived from the club key, so every laptop of a club sends the same token and nobody can go
 * back from the token to the key (the key also signs every event: the hub never learns it). The hub
 * cannot compute it either: it keeps sha256(token) from the first laptop that seeds it (trust on
 * first seed, docs/SYNC.md). It travels as the sync client's `authToken` (an `Authorization: Bearer`
 * header) when the club has no Turso Cloud token of its own.
 */
import { createHmac } from 'node:crypto'

const LABEL = 'ninekeeper-hub-token-v1'

export function hubToken(key: Buffer): string {
  return createHmac('sha256', key).update(LABEL).digest('base64url')
}
