import { mount } from 'svelte'
import App from './App.svelte'
import { applyTheme, storedTheme } from './lib/theme'
import './styles/app.css'

applyTheme(storedTheme())

/**
 * Resolves once the browser has painted index.html's static frame (at once if it has): a module
 * script may otherwise run before the first frame, and then the first paint waits for the mounted
 * app (first contentful paint 1.15-1.42x a static page, depending on that race: docs/BENCHMARKS.md § Renderer). A
 * hidden page draws no frames, so it mounts at once; a frame that never comes is waited for 100 ms at most.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible' || performance.getEntriesByType('paint').length > 0)
    return Promise.resolve()
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100)
    // rAF callbacks run just before the frame is painted; a task queued from there runs after it.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback)
        resolve()
      }, 0),
    )
  })
}

const target = document.getElementById('app')
if (!target) throw new Error('The page has no #app element.')
// index.html carries a static frame of the app, painted first; the mounted app takes its place in
// one task, so no frame shows both.
void afterFirstPaint().then(() => {
  const boot = [...target.children]
  mount(App, { target })
  for (const node of boot) node.remove()
})
