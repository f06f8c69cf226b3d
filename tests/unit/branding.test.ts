import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_ID, PRODUCT_NAME, WINDOW_TITLE } from '../../src/shared/branding'

const root = join(__dirname, '../..')
const branding = JSON.parse(readFileSync(join(root, 'resources/branding.json'), 'utf8')) as Record<string, string>
// electron-builder.yml read with the YAML parser electron-builder itself uses (js-yaml, from app-builder-lib),
// so these are the values packaging sees, whatever the layout of the text (quotes, comments, flow style).
const fromBuilder = createRequire(createRequire(join(root, 'package.json')).resolve('app-builder-lib/package.json'))
const yaml = fromBuilder('js-yaml') as { load(text: string): unknown }
interface BuilderConfig {
  appId?: unknown
  productName?: unknown
  icon?: unknown
  npmRebuild?: unknown
  asarUnpack?: unknown
  linux?: { target?: unknown }
  win?: { target?: unknown }
  mac?: { target?: unknown }
}
const builder = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig

describe('branding comes from resources/', () => {
  it('the app code uses the names in resources/branding.json', () => {
    expect({ APP_ID, PRODUCT_NAME, WINDOW_TITLE }).toEqual({
      APP_ID: branding.appId,
      PRODUCT_NAME: branding.productName,
      WINDOW_TITLE: branding.windowTitle,
    })
  })

  it('electron-builder.yml uses the same appId, product name and icon', () => {
    expect(builder.appId).toBe(branding.appId)
    expect(builder.productName).toBe(branding.productName)
    expect(builder.icon).toBe(`resources/${branding.icon}`)
    // The boolean false, not the string "false": electron-builder must never rebuild native modules itself.
    expect(builder.npmRebuild).toBe(false)
    expect(builder.asarUnpack).toContain('node_modules/better-sqlite3/**')
    expect({ linux: builder.linux?.target, win: builder.win?.target, mac: builder.mac?.target }).toEqual({
      linux: ['AppImage', 'deb'],
      win: ['nsis'],
      mac: ['dmg'],
    })
  })

  it('the icon is a real PNG, and the renderer title matches', () => {
    const png = readFileSync(join(root, 'resources', branding.icon as string))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(256)
    expect(readFileSync(join(root, 'src/renderer/index.html'), 'utf8')).toContain(
      `<title>${branding.windowTitle}</title>`,
    )
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toContain(`"productName": "${branding.productName}"`)
  })

  it('keeps the <meta> CSP in step with the header CSP', async () => {
    const { CONTENT_SECURITY_POLICY } = await import('../../src/core/security')
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(
      readFileSync(join(root, 'src/renderer/index.html'), 'utf8'),
    )?.[1]
    // frame-ancestors is ignored in a <meta> policy, so only the header carries it.
    expect(meta).toBe(CONTENT_SECURITY_POLICY.replace(/; frame-ancestors 'none'/, ''))
  })
})
