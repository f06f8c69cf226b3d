/**
 * Electron edge: lifecycle, single-instance lock, app:// protocol, session hardening, window.
 * Everything behind it (core, handlers, services, db) runs in plain Node and is tested there.
 */
import { app, BrowserWindow, dialog, protocol, session, shell, type IpcMainInvokeEvent } from 'electron'
import { existsSync, readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { ok, type Result } from '../shared/result'
import { CHANGE_MESSAGE } from '../shared/model/changes'
import { createCore, type Core } from '../core/core'
import { tableUnits } from '../web/tables/control'
import { registerIpc } from './ipc/register'
import { electronNativeCandidates } from './native'
import {
  APP_HOST,
  APP_ORIGIN,
  APP_SCHEME,
  CONTENT_SECURITY_POLICY,
  CONTENT_TYPES,
  denyAllPermissions,
  isAppUrl,
  isSafeExternalUrl,
  isTrustedSender,
  resolveStaticPath,
} from '../core/security'
import { createMainWindow } from './window'

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

// Tests and power users may point the app at another data folder; the default is userData.
if (process.env.NINEKEEPER_DATA_DIR) app.setPath('userData', process.env.NINEKEEPER_DATA_DIR)

const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
let core: Core<IpcMainInvokeEvent> | undefined
let mainWindow: BrowserWindow | undefined

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url, devServerUrl)) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url, devServerUrl)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      // Only https links to the exact allowed hosts (none today) open, and only outside the app, in the user's browser.
      if (isSafeExternalUrl(url)) void shell.openExternal(url)
      return { action: 'deny' }
    })
  })
  app.on('window-all-closed', () => app.quit())
  app.on('will-quit', () => core?.close())
  void app.whenReady().then(start)
}

async function start(): Promise<void> {
  const rendererDir = join(__dirname, '../renderer')
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(denyAllPermissions()))
  session.defaultSession.setPermissionCheckHandler(() => denyAllPermissions())

  const nativeBinding = electronNativeCandidates({
    abi: process.versions.modules,
    appPath: app.getAppPath(),
    resourcesPath: process.resourcesPath,
    packaged: app.isPackaged,
  }).find((p) => existsSync(p))
  try {
    core = createCore({
      dataDir: app.getPath('userData'),
      mode: 'electron',
      version: app.getVersion(),
      ...(nativeBinding ? { nativeBinding } : {}),
      // Phones at the tables (Settings → Club night; docs/TABLES.md): closed until the organiser opens them.
      tables: tableUnits({ rendererDir, ...clubCertificate() }),
      // Settings → Club → Host the club on this laptop: the installer puts tursodb in <resources>/hub/.
      hub: { resourcesPath: app.isPackaged ? process.resourcesPath : undefined },
      // The channels only the desktop shell answers (routed `edge`), through the same dispatcher as the rest.
      shell: {
        'app:print-pdf': printToPdf,
        'transfer:save-export': saveExport,
        'club:choose-page-folder': choosePageFolder,
      },
    })
  } catch (e) {
    const hint = nativeBinding
      ? ''
      : `\n\nNo better-sqlite3 build for Electron (ABI ${process.versions.modules}) was found; run "npm run build:electron-native".`
    dialog.showErrorBox('Ninekeeper cannot open its data file', `${(e as Error).message}${hint}`)
    app.exit(1)
    return
  }

  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    if (request.method !== 'GET' || url.host !== APP_HOST) return new Response('Not found', { status: 404 })
    const file = resolveStaticPath(rendererDir, url.pathname)
    if (!file) return new Response('Not found', { status: 404 })
    try {
      const body = await readFile(file)
      return new Response(body, {
        headers: {
          'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        },
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  })

  registerIpc(core.dispatch, (frame) => isTrustedSender(frame, devServerUrl))

  mainWindow = createMainWindow({
    preload: join(__dirname, '../preload/index.js'),
    icon: join(app.isPackaged ? process.resourcesPath : app.getAppPath(), 'resources', 'icon.png'),
    url: devServerUrl ?? `${APP_ORIGIN}/index.html`,
  })
  // The change feed reaches the window (docs/ARCHITECTURE.md § Change events): live screens refresh on it.
  const stopChanges = core.changes.subscribe((note) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(CHANGE_MESSAGE, note)
  })
  mainWindow.on('closed', () => {
    mainWindow = undefined
    stopChanges()
  })
}

/** Saves an export the worker left in a file (transfer:export-json-file or -csv-file) where the user chooses: a file copy, no message of its text. */
async function saveExport(
  { downloadId }: { downloadId: string },
  event: IpcMainInvokeEvent,
): Promise<Result<{ saved: string | null }>> {
  const win = BrowserWindow.fromWebContents(event.sender)
  return (core as Core<IpcMainInvokeEvent>).downloads.save(downloadId, async (fileName) => {
    const options = {
      title: 'Save the export',
      defaultPath: join(app.getPath('documents'), fileName),
      filters: fileName.endsWith('.csv')
        ? [{ name: 'CSV table', extensions: ['csv'] }]
        : [{ name: 'Ninekeeper export', extensions: ['json'] }],
    }
    const choice = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
    return choice.canceled || !choice.filePath ? null : choice.filePath
  })
}

/** Asks where to write the club page (club:publish-page then writes it): a new or empty folder, or a club page written before. */
async function choosePageFolder(
  _input: unknown,
  event: IpcMainInvokeEvent,
): Promise<Result<{ folder: string | null }>> {
  const win = BrowserWindow.fromWebContents(event.sender)
  const options = {
    title: 'Publish the club page into a folder',
    buttonLabel: 'Publish here',
    defaultPath: join(app.getPath('documents'), 'club-page'),
    properties: ['openDirectory', 'createDirectory', 'promptToCreate'] as (
      'openDirectory' | 'createDirectory' | 'promptToCreate'
    )[],
  }
  const choice = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
  return ok({ folder: choice.canceled ? null : (choice.filePaths[0] ?? null) })
}

/**
 * The club's certificate for the table units (--tls-cert FILE --tls-key FILE, both or neither, as for
 * `npm run web`): the phones' listener then serves HTTPS. An unreadable file is said once and ignored.
 */
function clubCertificate(): { tls?: { cert: Buffer; key: Buffer } } {
  const cert = app.commandLine.getSwitchValue('tls-cert')
  const key = app.commandLine.getSwitchValue('tls-key')
  if (!cert || !key) return {}
  try {
    return { tls: { cert: readFileSync(cert), key: readFileSync(key) } }
  } catch (e) {
    dialog.showErrorBox('The table units cannot read the certificate', (e as Error).message)
    return {}
  }
}

/** Saves the calling window's print layout (the page's @media print styles) as a PDF. */
async function printToPdf(_input: unknown, event: IpcMainInvokeEvent): Promise<Result<{ saved: string | null }>> {
  const win = BrowserWindow.fromWebContents(event.sender)
  const pdf = await event.sender.printToPDF({ pageSize: 'A4', printBackground: false })
  const options = {
    title: 'Save as PDF',
    defaultPath: join(
      app.getPath('documents'),
      `${
        event.sender
          .getTitle()
          .replace(/[^\p{L}\p{N} ._-]+/gu, '')
          .trim() || 'Ninekeeper'
      }.pdf`,
    ),
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  }
  const choice = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
  if (choice.canceled || !choice.filePath) return ok({ saved: null })
  await writeFile(choice.filePath, pdf)
  return ok({ saved: choice.filePath })
}
