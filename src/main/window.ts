/** The main window: the secure preferences are written out literally so scanners and reviewers see them. */
import { BrowserWindow } from 'electron'
import { WINDOW_TITLE } from '../shared/branding'

export function createMainWindow(opts: { preload: string; icon: string; url: string }): BrowserWindow {
  const win = new BrowserWindow({
    title: WINDOW_TITLE,
    icon: opts.icon,
    width: 1200,
    height: 820,
    minWidth: 720,
    minHeight: 520,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#1c1f24',
    webPreferences: {
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would otherwise open links in new windows, bypassing the window-open handler.
      disableBlinkFeatures: 'Auxclick',
    },
  })
  win.once('ready-to-show', () => win.show())
  // The page sets its own <title> per screen; keep the product name in front.
  win.on('page-title-updated', (event, title) => {
    event.preventDefault()
    win.setTitle(title.startsWith(WINDOW_TITLE) ? title : `${WINDOW_TITLE} — ${title}`)
  })
  void win.loadURL(opts.url)
  return win
}
