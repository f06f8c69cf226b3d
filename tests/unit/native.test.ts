import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { electronNativeCandidates } from '../../src/main/native'
// @ts-expect-error: a plain .mjs helper of the npm scripts, without type declarations
import { addonAbi, electronAbi } from '../../scripts/lib.mjs'

describe('two ABIs of better-sqlite3', () => {
  it("reads the ABI a compiled addon registers: node_modules holds Node's build", () => {
    const nodeBuild = join(__dirname, '../../node_modules/better-sqlite3/build/Release/better_sqlite3.node')
    expect(addonAbi(nodeBuild)).toBe(process.versions.modules)
  })

  it("knows Electron's ABI, which differs from Node's, so a mislabelled build is caught", () => {
    expect(electronAbi()).toMatch(/^\d+$/)
    expect(electronAbi()).not.toBe(process.versions.modules)
  })

  it('looks for the Electron build in .native/ in development and in resources/native/ when packaged', () => {
    expect(
      electronNativeCandidates({
        abi: '150',
        appPath: '/src/ninekeeper',
        resourcesPath: '/opt/Ninekeeper/resources',
        packaged: false,
      }),
    ).toEqual(['/src/ninekeeper/.native/electron-abi150/better_sqlite3.node'])
    expect(
      electronNativeCandidates({
        abi: '150',
        appPath: '/x/app.asar',
        resourcesPath: '/opt/Ninekeeper/resources',
        packaged: true,
      }),
    ).toEqual(['/opt/Ninekeeper/resources/native/electron-abi150/better_sqlite3.node'])
  })
})
