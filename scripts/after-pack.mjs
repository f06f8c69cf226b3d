// electron-builder's afterPack hook (electron-builder.yml): the club hub's server must be in the packaged
// app, runnable (Settings → Club → Host the club on this laptop; docs/SYNC.md § Hosting the hub from the
// app). electron-builder only warns when an extraResources source is missing (the `turso` package's
// binary for another OS or arch is not installed on this machine), so this fails the build instead,
// and sets the binary's mode to 0755 whatever the copy kept.
import { chmodSync, existsSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Checks <resources>/hub/ for the platform's tursodb and makes it executable; returns its path. */
export function checkHubBinary(resourcesDir, platform) {
  const file = join(resourcesDir, 'hub', platform === 'win32' ? 'tursodb.exe' : 'tursodb')
  if (!existsSync(file) || !statSync(file).isFile())
    throw new Error(
      `The club hub's server is missing from the package (${file}): install the turso package's binary for this target ` +
        `(npm install --include=optional, on or for the target's OS and arch) before npm run dist.`,
    )
  if (platform !== 'win32') chmodSync(file, 0o755)
  return file
}

export async function afterPack(context) {
  checkHubBinary(context.packager.getResourcesDir(context.appOutDir), context.electronPlatformName)
}
