/**
 * The keys of a tab bar (WAI-ARIA tabs pattern, automatic activation): the arrows move to the previous or
 * next tab and wrap around at either end, Home and End go to the first and last tab. Any other key is the
 * browser's (Tab leaves the bar, Enter and Space press the focused tab).
 */

/** The index of the tab a key moves to from tab `index` of `count`, or null when the key is not the bar's. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count < 1) return null
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count
    case 'ArrowLeft':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}
