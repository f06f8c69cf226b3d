import { describe, expect, it } from 'vitest'
import {
  CONTENT_SECURITY_POLICY,
  denyAllPermissions,
  isAppUrl,
  isTrustedSender,
  resolveStaticPath,
  isSafeExternalUrl,
  EXTERNAL_HOSTS,
} from '../../src/core/security'

describe('content security policy', () => {
  it('allows no inline script, no eval and nothing remote', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    )
    expect(directives['script-src']).toEqual(["'self'"])
    expect(directives['default-src']).toEqual(["'self'"])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/)
  })
})

describe('isAppUrl (navigation and window.open allowlist)', () => {
  it.each([
    ['app://ninekeeper/index.html', true],
    ['app://ninekeeper/index.html#/players', true],
    ['app://ninekeeper/', true],
    ['app://ninekeeper:8080/index.html', false],
    ['app://user@ninekeeper/index.html', false],
    ['app://ninekeeper@evil/index.html', false],
    ['app://ninekeeper.evil/index.html', false],
    ['app://evil/index.html', false],
    ['https://ninekeeper/index.html', false],
    ['https://app.example.com.evil/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['http://localhost:5173/', false],
    ['not a url', false],
    ['', false],
  ])('%s -> %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected)
  })

  it('allows the dev server origin only when one is given, and only on localhost', () => {
    expect(isAppUrl('http://localhost:5173/#/players', 'http://localhost:5173')).toBe(true)
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false)
    expect(isAppUrl('http://evil.com:5173/', 'http://evil.com:5173')).toBe(false)
  })
})

describe('isTrustedSender (IPC sender check)', () => {
  it('answers only the top frame of the app origin', () => {
    expect(isTrustedSender({ url: 'app://ninekeeper/index.html', parent: null })).toBe(true)
    expect(isTrustedSender({ url: 'app://ninekeeper/index.html', parent: {} })).toBe(false)
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null })).toBe(false)
    expect(isTrustedSender(null)).toBe(false)
    expect(isTrustedSender(undefined)).toBe(false)
  })
})

describe('isSafeExternalUrl (links handed to the OS browser)', () => {
  const hosts = new Set(['example.org'])
  it.each([
    ['https://example.org/rules', true],
    ['https://example.org/', true],
    ['https://example.org', true],
    ['https://example.org/a?b=c#d', true],
    ['http://example.org/', false],
    ['https://evil.com/', false],
    ['https://example.org.evil.com/', false],
    ['https://evilexample.org/', false],
    ['https://sub.example.org/', false],
    ['https:/\\evil.com', false],
    ['https:/\\example.org', false],
    ['https:\\\\example.org/', false],
    ['https:example.org/', false],
    ['https:/example.org/', false],
    [' https://example.org/', false],
    ['https://example.org/ x', false],
    ['https://example.org\\@evil.com/', false],
    ['https://example.org:444/', false],
    ['https://example.org:443/', false],
    ['https://EXAMPLE.org/', false],
    ['https://%65xample.org/', false],
    ['https://user:pw@example.org/', false],
    ['https://example.org@evil.com/', false],
    ['file:///etc/passwd', false],
    ['smb://server/share', false],
    ['javascript:alert(1)', false],
    ['nonsense', false],
    ['', false],
  ])('%s -> %s', (url, expected) => {
    expect(isSafeExternalUrl(url, hosts)).toBe(expected)
  })

  it('allows no host at all by default: the app links nowhere outside itself', () => {
    expect(EXTERNAL_HOSTS.size).toBe(0)
    expect(isSafeExternalUrl('https://example.org/')).toBe(false)
  })
})

describe('permissions', () => {
  it('denies every request', () => {
    expect(denyAllPermissions()).toBe(false)
  })
})

describe('resolveStaticPath (app:// and web bridge file serving)', () => {
  const root = '/srv/app/out/renderer'
  it.each([
    ['/', '/srv/app/out/renderer/index.html'],
    ['/index.html', '/srv/app/out/renderer/index.html'],
    ['/assets/index-abc.js', '/srv/app/out/renderer/assets/index-abc.js'],
    ['/assets/a%20b.css', '/srv/app/out/renderer/assets/a b.css'],
  ])('%s -> %s', (path, expected) => {
    expect(resolveStaticPath(root, path)).toBe(expected)
  })
  it.each([
    '/../secret',
    '/assets/../../x',
    '/%2e%2e/secret',
    '/%2E%2E%2Fsecret',
    '/..%2fsecret',
    '/assets/%00.js',
    '/..\\secret',
    '/%5c..%5csecret',
    '/%E0%A4%A',
  ])('refuses %s', (path) => {
    expect(resolveStaticPath(root, path)).toBeNull()
  })
  it('keeps absolute-looking paths inside the root', () => {
    expect(resolveStaticPath(root, '//etc/passwd')).toBe('/srv/app/out/renderer/etc/passwd')
  })
})
