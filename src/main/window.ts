/** The main window: secure preferences from security.ts, title and icon from resources/. */
import { BrowserWindow } from 'electron'
import { WINDOW_TITLE } from '../shared/branding'
import { secureWebPreferences } from './security'

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
    webPreferences: secureWebPreferences(opts.preload),
  })
  win.once('ready-to-show', () => win.show())
  // The page may set its own <title> per screen; keep the product name in front.
  win.on('page-title-updated', (event, title) => {
    event.preventDefault()
    win.setTitle(title.startsWith(WINDOW_TITLE) ? title : `${WINDOW_TITLE} — ${title}`)
  })
  void win.loadURL(opts.url)
  return win
}
