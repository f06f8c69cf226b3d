/**
 * The colour theme: light, dark or the system's, kept in localStorage and applied to <html> as
 * data-theme before the app is drawn (app.css holds the colours for each).
 */
export type ThemeChoice = 'light' | 'dark' | 'system'

const KEY = 'ninekeeper.theme'

export function storedTheme(): ThemeChoice {
  try {
    const v = window.localStorage.getItem(KEY)
    return v === 'light' || v === 'dark' ? v : 'system'
  } catch {
    return 'system'
  }
}

export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement
  if (choice === 'system') delete root.dataset['theme']
  else root.dataset['theme'] = choice
}

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(KEY)
    else window.localStorage.setItem(KEY, choice)
  } catch {
    // Storage blocked: the choice still holds for this page.
  }
  applyTheme(choice)
}
