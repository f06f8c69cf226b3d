import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_ID, PRODUCT_NAME, WINDOW_TITLE } from '../../src/shared/branding'

const root = join(__dirname, '../..')
const branding = JSON.parse(readFileSync(join(root, 'resources/branding.json'), 'utf8')) as Record<string, string>
const builder = readFileSync(join(root, 'electron-builder.yml'), 'utf8')
const yaml = (key: string) => new RegExp(`^${key}:\\s*(.+)$`, 'm').exec(builder)?.[1]?.trim()

describe('branding comes from resources/', () => {
  it('the app code uses the names in resources/branding.json', () => {
    expect({ APP_ID, PRODUCT_NAME, WINDOW_TITLE }).toEqual({ APP_ID: branding.appId, PRODUCT_NAME: branding.productName, WINDOW_TITLE: branding.windowTitle })
  })

  it('electron-builder.yml uses the same appId, product name and icon', () => {
    expect(yaml('appId')).toBe(branding.appId)
    expect(yaml('productName')).toBe(branding.productName)
    expect(yaml('icon')).toBe(`resources/${branding.icon}`)
    expect(yaml('npmRebuild')).toBe('false')
    expect(builder).toMatch(/asarUnpack:\n\s+- node_modules\/better-sqlite3\/\*\*/)
    for (const target of ['AppImage', 'deb', 'nsis', 'dmg']) expect(builder).toContain(`- ${target}`)
  })

  it('the icon is a real PNG, and the renderer title matches', () => {
    const png = readFileSync(join(root, 'resources', branding.icon as string))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(256)
    expect(readFileSync(join(root, 'src/renderer/index.html'), 'utf8')).toContain(`<title>${branding.windowTitle}</title>`)
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toContain(`"productName": "${branding.productName}"`)
  })

  it('keeps the <meta> CSP in step with the header CSP', async () => {
    const { CONTENT_SECURITY_POLICY } = await import('../../src/main/security')
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(readFileSync(join(root, 'src/renderer/index.html'), 'utf8'))?.[1]
    // frame-ancestors is ignored in a <meta> policy, so only the header carries it.
    expect(meta).toBe(CONTENT_SECURITY_POLICY.replace(/; frame-ancestors 'none'/, ''))
  })
})
