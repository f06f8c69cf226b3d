import { mount } from 'svelte'
import App from './App.svelte'
import { applyTheme, storedTheme } from './lib/theme'
import './styles/app.css'

applyTheme(storedTheme())

const target = document.getElementById('app')
if (!target) throw new Error('The page has no #app element.')
// index.html carries a static frame of the app, which the browser can paint before this script runs;
// the mounted app takes its place in the same task, so no frame shows both.
const boot = [...target.children]
mount(App, { target })
for (const node of boot) node.remove()
