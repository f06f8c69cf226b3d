/**
 * The club hub's server in the installer (docs/SYNC.md § Hosting the hub from the app): electron-builder.yml
 * copies the target's tursodb into <resources>/hub/ (read with the YAML parser electron-builder itself
 * uses, as fuses.test.ts does), the afterPack hook fails a package without it and makes it executable, and
 * the locator finds it there before node_modules. A folder laid out as the packaged app's resources runs a
 * real hub.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { afterPack, checkHubBinary } from '../../scripts/after-pack.mjs'
import { startHub } from '../../src/core/hub/hub'
import { binaryName, HUB_PACKAGES, hubBinary } from '../../src/core/hub/locate'
import { freePort } from '../helpers/net'

const ROOT = resolve(__dirname, '../..')
const fromBuilder = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib/package.json'))
const yaml = fromBuilder('js-yaml') as { load(text: string): unknown }

interface Copy {
  from: string
  to: string
  filter?: string[]
}
type Config = Record<string, unknown> & { afterPack?: string; extraResources?: Copy[] }
const config = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Config

const dirs: string[] = []
const temp = (prefix: string): string => {
  const d = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** electron-builder's platform keys and Node's platform names. */
const PLATFORMS = { linux: 'linux', win: 'win32', mac: 'darwin' } as const

describe('the installer carries the hub server', () => {
  it.each(Object.entries(PLATFORMS))(
    '%s copies the turso package binary for each arch into resources/hub/',
    (key, platform) => {
      const copies = ((config[key] as Config | undefined)?.extraResources ?? []).filter((c) => c.to === 'hub')
      expect(copies).toHaveLength(1)
      const [copy] = copies as [Copy]
      expect(copy.filter).toEqual([binaryName(platform)])
      const arches = Object.keys(HUB_PACKAGES)
        .filter((k) => k.startsWith(`${platform}-`))
        .map((k) => k.slice(platform.length + 1))
      expect(arches.length).toBeGreaterThan(0)
      for (const arch of arches)
        expect(copy.from.replace('${arch}', arch)).toBe(`node_modules/${HUB_PACKAGES[`${platform}-${arch}`]}`)
    },
  )

  it('on this machine the source of the copy holds the binary, runnable', () => {
    const key = (Object.keys(PLATFORMS) as (keyof typeof PLATFORMS)[]).find((k) => PLATFORMS[k] === process.platform)
    const copy = ((config[key ?? 'linux'] as Config).extraResources ?? []).find((c) => c.to === 'hub') as Copy
    const file = join(ROOT, copy.from.replace('${arch}', process.arch), binaryName(process.platform))
    expect(hubBinary()).toBe(file)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o111).not.toBe(0)
  })

  it('the afterPack hook is the checked one, and it refuses a package without the binary', async () => {
    expect(config.afterPack).toBe('./scripts/after-pack.mjs')
    const resources = temp('ninekeeper-resources-')
    const context = {
      appOutDir: resources,
      electronPlatformName: 'linux',
      packager: { getResourcesDir: (d: string) => d },
    }
    await expect(afterPack(context)).rejects.toThrow(/hub's server is missing from the package .*tursodb/)
    expect(() => checkHubBinary(resources, 'win32')).toThrow(/tursodb\.exe/)
  })

  it('a folder laid out as the packaged resources runs a hub; the locator looks there first', async () => {
    const resources = temp('ninekeeper-resources-')
    mkdirSync(join(resources, 'hub'))
    const packaged = join(resources, 'hub', binaryName(process.platform))
    copyFileSync(hubBinary(), packaged)
    if (process.platform !== 'win32') {
      // A copy that lost its x bit: the locator says so; the hook puts it back.
      chmodSync(packaged, 0o644)
      expect(() => hubBinary({ resourcesPath: resources })).toThrow(/not executable/)
      await afterPack({
        appOutDir: resources,
        electronPlatformName: process.platform,
        packager: { getResourcesDir: (d) => d },
      })
      expect(statSync(packaged).mode & 0o777).toBe(0o755)
    }
    expect(hubBinary({ resourcesPath: resources })).toBe(packaged)
    const port = await freePort()
    const hub = await startHub({ port, dataDir: temp('ninekeeper-hosted-'), binary: packaged })
    try {
      const r = await fetch(`${hub.url}/v2/pipeline`, { method: 'POST', body: '{}' })
      expect(r.status).toBe(401)
    } finally {
      await hub.stop()
    }
  })

  it('names what it looked for when neither the resources nor node_modules have it', () => {
    const resources = temp('ninekeeper-resources-')
    const nowhere = temp('ninekeeper-nowhere-')
    writeFileSync(join(nowhere, 'index.js'), '')
    expect(() => hubBinary({ resourcesPath: resources, from: join(nowhere, 'index.js') })).toThrow(
      `looked for ${join(resources, 'hub', binaryName(process.platform))} and the npm package @tursodatabase/cli-`,
    )
    expect(() => hubBinary({ platform: 'freebsd', arch: 'x64', from: join(nowhere, 'index.js') })).toThrow(
      /macOS, Linux and Windows x64; not on freebsd-x64/,
    )
  })
})
