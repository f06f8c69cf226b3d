/**
 * The Electron window's URL predicates and policies, as pure functions so they are unit-tested
 * without the Electron binary. index.ts and window.ts only wire them in.
 */
import { resolve, sep } from 'node:path'

export const APP_SCHEME = 'app'
export const APP_HOST = 'ninekeeper'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/**
 * The one inline block the app has: index.html's <style> with the static frame's styles, so the start
 * screen paints from the HTML alone (first contentful paint, docs/BENCHMARKS.md § Renderer). The policy allows exactly
 * this text by its hash; tests/main/csp-inline.test.ts and the build (electron.vite.config.ts) fail
 * when the block and this hash disagree.
 */
export const SHELL_STYLE_HASH = "'sha256-cSkW+O6I8r2d9Bb9/nDBWkaaIFORyRIheEnxU6WgxdY='"

/** No inline scripts, no inline styles but the hashed frame block, nothing remote; served as a real header and as a <meta> fallback. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${SHELL_STYLE_HASH}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * True only for the app's own pages: app://ninekeeper/... with no port or user info, or (in
 * development only) the exact electron-vite dev server origin.
 */
export function isAppUrl(raw: string, devServerUrl?: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.port === '') return true
  if (devServerUrl) {
    try {
      const dev = new URL(devServerUrl)
      return (
        (dev.protocol === 'http:' || dev.protocol === 'https:') &&
        url.origin === dev.origin &&
        dev.hostname === 'localhost'
      )
    } catch {
      return false
    }
  }
  return false
}

/** IPC is answered only for the app's own top-level frame. */
export function isTrustedSender(
  frame: { url: string; parent: unknown } | null | undefined,
  devServerUrl?: string,
): boolean {
  if (!frame) return false
  if (frame.parent !== null) return false
  return isAppUrl(frame.url, devServerUrl)
}

/**
 * The exact hosts the app links to. It links nowhere outside itself today, so no link leaves the
 * app; a host is added here (and to the test) when the app gains a link to it.
 */
export const EXTERNAL_HOSTS: ReadonlySet<string> = new Set<string>()

/**
 * Links leave the app only as https, only to an allowed host, and only to the user's browser. The
 * text must already be the canonical URL: `https:/\\evil.com`, `https:evil.com` or a URL with spaces
 * or backslashes (which the URL parser would quietly repair into some other address) are refused.
 */
export function isSafeExternalUrl(raw: string, hosts: ReadonlySet<string> = EXTERNAL_HOSTS): boolean {
  if (typeof raw !== 'string' || !raw.startsWith('https://') || /[\s\\]/.test(raw)) return false
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port !== '') return false
  // The host as typed must be the host parsed (no %-escapes or Unicode tricks turned into another name).
  const typedHost = raw.slice('https://'.length).split(/[/?#]/, 1)[0]
  if (typedHost !== url.host) return false
  return hosts.has(url.hostname)
}

/** Every permission request (camera, notifications, …) is denied: a scoresheet needs none. */
export function denyAllPermissions(): false {
  return false
}

/**
 * Maps a URL path under the app's origin to a file inside `root`, or null when it would escape root
 * (../, encoded %2e%2e, absolute paths, NUL, backslashes).
 */
export function resolveStaticPath(root: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const relative = decoded.replace(/^\/+/, '') || 'index.html'
  if (relative.split('/').some((part) => part === '..')) return null
  const base = resolve(root)
  const full = resolve(base, relative)
  if (full !== base && !full.startsWith(base + sep)) return null
  return full
}

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}
