// Types for scripts/after-pack.mjs (electron-builder's afterPack hook; tests check it on a folder laid out as the package).
export function checkHubBinary(resourcesDir: string, platform: string): string
export function afterPack(context: {
  appOutDir: string
  electronPlatformName: string
  packager: { getResourcesDir(appOutDir: string): string }
}): Promise<void>
