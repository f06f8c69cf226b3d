import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, SHELL_STYLE_HASH } from '../../src/core/security'

const root = join(__dirname, '../..')
const html = readFileSync(join(root, 'src/renderer/index.html'), 'utf8')
const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe("index.html's inline frame style and the CSP (issue 16: first paint without a round trip)", () => {
  const blocks = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '')

  it('has exactly one inline <style>, whose hash is the one the policy allows', () => {
    expect(blocks).toHaveLength(1)
    expect(sha256(blocks[0] as string)).toBe(SHELL_STYLE_HASH)
  })

  it('the header policy and the <meta> policy allow that hash for styles only, and no other inline code', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    )
    expect(directives['style-src']).toEqual(["'self'", sha256(blocks[0] as string)])
    expect(directives['script-src']).toEqual(["'self'"])
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1]
    expect(meta).toContain(`style-src 'self' ${sha256(blocks[0] as string)};`)
    // No inline script and no style attribute: the hash covers <style> elements only.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/\sstyle="/)
  })

  it('styles the static frame it paints (the shell, the navigation, the brand mark and the status line)', () => {
    const css = blocks[0] as string
    for (const selector of ['.shell{', 'nav{', '.brand{', '.mark{', 'main{', '.muted{']) expect(css).toContain(selector)
    for (const cls of ['shell', 'brand', 'mark', 'muted']) expect(html).toContain(`class="${cls}"`)
  })
})
