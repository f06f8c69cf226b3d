/**
 * The Electron fuses in electron-builder.yml, read with the YAML parser electron-builder itself uses
 * (js-yaml, a dependency of its app-builder-lib), so a flipped or removed fuse fails here.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')
// Resolved from app-builder-lib, so this is the parser (and version) that reads the file when packaging.
const fromBuilder = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib/package.json'))
const yaml = fromBuilder('js-yaml') as { load(text: string): unknown }

describe('electron-builder.yml fuses', () => {
  const config = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
    electronFuses?: Record<string, unknown>
  }

  it('is a YAML mapping with an electronFuses block', () => {
    expect(config).toBeTypeOf('object')
    expect(config.electronFuses).toBeTypeOf('object')
  })

  it('turns off running as Node, NODE_OPTIONS and the inspector, and loads the app only from its checked asar', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })
})
