/**
 * The club page's HTML pieces (docs/ARCHITECTURE.md § The club page): every text goes through `esc`,
 * every name through `name` (escaped and isolated in <bdi>, so a right-to-left name cannot reorder the
 * numbers around it), every page through `layout` with relative links only. No script anywhere; each
 * page also forbids scripts in its Content-Security-Policy, so a slip in escaping still runs nothing.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text for HTML content or a quoted attribute. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string)
}

/** A name: escaped, in its own direction. */
export function name(text: string): string {
  return `<bdi>${esc(text)}</bdi>`
}

/** A link to `href` (a relative path the generator made) around `html` (already escaped). */
export function link(href: string, html: string): string {
  return `<a href="${esc(href)}">${html}</a>`
}

/** A table: `head` cells as text, `rows` cells as HTML; numeric columns (by index) right-aligned. */
export function table(
  caption: string,
  head: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: readonly number[] = [],
): string {
  const cls = (i: number): string => (numeric.includes(i) ? ' class="num"' : '')
  return [
    '<div class="scroll"><table>',
    `<caption>${esc(caption)}</caption>`,
    `<thead><tr>${head.map((h, i) => `<th scope="col"${cls(i)}>${esc(h)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map((r) => `<tr>${r.map((c, i) => `<td${cls(i)}>${c}</td>`).join('')}</tr>`),
    '</tbody></table></div>',
  ].join('\n')
}

/** "1st", "2nd", "3rd", "11th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/** A share as a whole percentage ("67%"), or "–" without one. */
export function percent(x: number | null): string {
  return x === null ? '–' : `${Math.round(x * 100)}%`
}

/** A number with at most two decimals, no trailing zeros ("13.33", "10"): the same on every computer. */
export function num(x: number): string {
  return String(Math.round(x * 100) / 100)
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A local date (yyyy-mm-dd) written out, "Fri 6 Mar 2026", in English whatever the computer's language. */
export function longDate(day: string): string {
  const d = new Date(`${day}T12:00:00Z`)
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

/** The sections every page links to, by file. */
export const SECTIONS: readonly [file: string, label: string][] = [
  ['index.html', 'League tables'],
  ['archive.html', 'Archive'],
  ['players.html', 'Players'],
  ['nights.html', 'Game nights'],
  ['records.html', 'Records'],
]

export interface PageFrame {
  /** The club's name, on every page. */
  club: string
  /** The newest match's local date (the page changes only with the data), or null with none. */
  upTo: string | null
}

/**
 * A whole page. `path` is its place in the folder ("players/ana.html"): the links to the style sheet and
 * the sections are made relative to it, so the folder works from any web host, a subfolder or a USB stick.
 */
export function layout(frame: PageFrame, path: string, title: string, body: string): string {
  const up = '../'.repeat(path.split('/').length - 1)
  const nav = SECTIONS.map(([file, label]) =>
    file === path
      ? `<a href="${up}${file}" aria-current="page">${esc(label)}</a>`
      : `<a href="${up}${file}">${esc(label)}</a>`,
  ).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self'; script-src 'none'; base-uri 'none'; form-action 'none'">
<meta name="generator" content="Ninekeeper">
<title>${esc(title)} · ${esc(frame.club)}</title>
<link rel="stylesheet" href="${up}style.css">
</head>
<body>
<header>
<p class="club"><a href="${up}index.html">${name(frame.club)}</a></p>
<nav aria-label="Club page">
${nav}
</nav>
</header>
<main>
<h1>${name(title)}</h1>
${body}
</main>
<footer><p>${frame.upTo ? `Results up to ${esc(longDate(frame.upTo))}.` : 'No results yet.'} Kept with Ninekeeper.</p></footer>
</body>
</html>
`
}

/** The one style sheet: readable on a phone and on paper, light or dark as the reader's system is. */
export const STYLE_CSS = `:root {
  color-scheme: light dark;
  --bg: #fbfaf7;
  --fg: #1d1f21;
  --muted: #5b6168;
  --accent: #1b5e9b;
  --line: #d9d6cf;
  --band: #f0eee8;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #16181b;
    --fg: #e8e6e1;
    --muted: #a4a9af;
    --accent: #8cc4f5;
    --line: #3a3e44;
    --band: #202328;
  }
}
* {
  box-sizing: border-box;
}
body {
  margin: 0 auto;
  max-width: 60rem;
  padding: 1rem 1.25rem 2rem;
  background: var(--bg);
  color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
a {
  color: var(--accent);
}
header {
  border-bottom: 2px solid var(--line);
  padding-bottom: 0.5rem;
}
.club {
  margin: 0;
  font-size: 1.3rem;
  font-weight: 700;
}
.club a {
  color: inherit;
  text-decoration: none;
}
nav {
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1.1rem;
  margin-top: 0.3rem;
}
nav a[aria-current='page'] {
  font-weight: 700;
  text-decoration: none;
}
h1 {
  font-size: 1.6rem;
  margin: 1.2rem 0 0.6rem;
}
h2 {
  font-size: 1.2rem;
  margin: 1.6rem 0 0.4rem;
}
.muted {
  color: var(--muted);
}
.scroll {
  overflow-x: auto;
}
table {
  border-collapse: collapse;
  width: 100%;
  margin: 0.4rem 0 1rem;
}
caption {
  text-align: left;
  font-weight: 600;
  padding: 0.2rem 0;
}
th,
td {
  text-align: left;
  padding: 0.3rem 0.6rem;
  border-bottom: 1px solid var(--line);
  vertical-align: top;
}
tbody tr:nth-child(even) {
  background: var(--band);
}
.num {
  text-align: right;
  font-variant-numeric: tabular-nums;
}
ul.plain {
  padding-left: 1.2rem;
}
footer {
  margin-top: 2rem;
  border-top: 1px solid var(--line);
  color: var(--muted);
  font-size: 0.9rem;
}
@media print {
  nav,
  footer {
    display: none;
  }
  body {
    max-width: none;
  }
}
`
