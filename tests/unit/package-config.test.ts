/**
 * What the installer ships (issue 16): package.json `dependencies` hold only what the built main
 * process loads from node_modules at run time, and electron-builder's `files` keep everything else of
 * node_modules out, judged by electron-builder's own YAML parser and file matcher on the installed tree.
 */
import { existsSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { electronNativeCandidates } from '../../src/main/native'

const root = join(__dirname, '../..')
// electron-builder's own modules, resolved the way it resolves them (js-yaml is its YAML parser).
const builderRequire = createRequire(createRequire(join(root, 'package.json')).resolve('app-builder-lib/package.json'))
const yaml = builderRequire('js-yaml') as { load(text: string): unknown }
const { FileMatcher } = builderRequire('./out/fileMatcher') as {
  FileMatcher: new (
    from: string,
    to: string,
    expand: (s: string) => string,
    patterns: string[],
  ) => { createFilter(): (file: string, stat: Stats & { moduleFullFilePath?: string }) => boolean }
}

interface BuilderConfig {
  files: (string | object)[]
  asarUnpack: string[]
  extraResources: { from: string; to: string; filter?: string[] }[]
}
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; devOptional?: boolean; optional?: boolean }>
}

/** The node_modules files electron-builder would copy: its node-module matcher is "**\/*" plus every "!" pattern of `files`. */
function shippedNodeModules(): { kept: string[]; dropped: string[] } {
  const excludes = config.files.filter((p): p is string => typeof p === 'string' && p.startsWith('!'))
  const filter = new FileMatcher(root, '/app', (s) => s, ['**/*', ...excludes]).createFilter()
  // Production packages, as npm resolved them: what electron-builder walks.
  const production = Object.entries(lock.packages)
    .filter(([key, p]) => key.startsWith('node_modules/') && !p.dev && !p.devOptional)
    .map(([key]) => key)
  const kept: string[] = []
  const dropped: string[] = []
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name)
      const stat = statSync(full)
      const rel = relative(root, full).split(sep).join('/')
      if (stat.isDirectory()) {
        if (name === 'node_modules') continue // nested packages are walked as packages of their own
        walk(full)
      } else (filter(full, Object.assign(stat, { moduleFullFilePath: rel })) ? kept : dropped).push(rel)
    }
  }
  // Another platform's optional package (Turso Sync's builds for macOS, Windows, arm64) is in the lock but not installed here.
  for (const key of production)
    if (!(lock.packages[key]?.optional && !existsSync(join(root, key)))) walk(join(root, key))
  return { kept, dropped }
}

describe('the package', () => {
  it('lists in `dependencies` only the native modules the main bundle leaves external', () => {
    // electron-vite externalizes exactly `dependencies`; everything pure-JS is bundled where it is used.
    // Club sync's engine is loaded at run time (lazily, with its native module), so it stays external too.
    expect(Object.keys(pkg.dependencies)).toEqual(['@tursodatabase/sync', 'better-sqlite3'])
    for (const bundled of ['chart.js', 'openskill', 'valibot'])
      expect(Object.keys(pkg.devDependencies)).toContain(bundled)
  })

  const { kept, dropped } = shippedNodeModules()

  it("ships better-sqlite3's JavaScript but not its Node-ABI build/, deps/ or src/", () => {
    expect(kept).toContain('node_modules/better-sqlite3/lib/index.js')
    expect(kept).toContain('node_modules/better-sqlite3/package.json')
    expect(dropped.some((f) => f.startsWith('node_modules/better-sqlite3/build/'))).toBe(true)
    expect(dropped.some((f) => f.startsWith('node_modules/better-sqlite3/deps/'))).toBe(true)
    expect(dropped.some((f) => f.startsWith('node_modules/better-sqlite3/src/'))).toBe(true)
    expect(
      kept.filter((f) => /^node_modules\/better-sqlite3\/(build|deps|src)\//.test(f) || f.endsWith('binding.gyp')),
    ).toEqual([])
  })

  it('ships nothing else of node_modules the app never loads (install-time tools such as prebuild-install)', () => {
    const packages = new Set(
      kept.map((f) => (f.split('/')[1]?.startsWith('@') ? f.split('/').slice(1, 3).join('/') : f.split('/')[1])),
    )
    const native = `@tursodatabase/sync-${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : process.platform === 'win32' ? '-msvc' : ''}`
    expect([...packages].sort()).toEqual(
      [
        '@tursodatabase/database-common',
        '@tursodatabase/serverless',
        '@tursodatabase/sync',
        '@tursodatabase/sync-common',
        native,
        'better-sqlite3',
        'bindings',
        'file-uri-to-path',
      ].sort(),
    )
    expect(dropped.some((f) => f.startsWith('node_modules/prebuild-install/'))).toBe(true)
  })

  it("unpacks Turso Sync's native module from the asar archive, as Node-API modules must be", () => {
    const unpack = new FileMatcher(root, '/app', (x) => x, config.asarUnpack).createFilter()
    const node = kept.find((f) => f.startsWith('node_modules/@tursodatabase/sync-') && f.endsWith('.node'))
    expect(node).toBeDefined()
    expect(unpack(join(root, node!), Object.assign(statSync(join(root, node!)), { moduleFullFilePath: node! }))).toBe(
      true,
    )
    const js = 'node_modules/@tursodatabase/sync/dist/promise.js'
    expect(kept).toContain(js)
  })

  it('ships the Electron-ABI better-sqlite3 where the packaged app looks for it', () => {
    const native = config.extraResources.find((r) => r.from === '.native')
    expect(native).toEqual({ from: '.native', to: 'native', filter: ['electron-abi*/better_sqlite3.node'] })
    const [where] = electronNativeCandidates({ abi: '140', appPath: '/app', resourcesPath: '/res', packaged: true })
    expect(where?.split(sep).join('/')).toBe(`/res/${native?.to}/electron-abi140/better_sqlite3.node`)
  })
})
