import { describe, expect, it } from 'vitest'
import { seatLooks } from '../../../../src/renderer/src/games/ennea/seats'

/** WCAG relative luminance contrast, written out independently of the module under test. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('Ennea seat looks (cubes readable without colour)', () => {
  it('gives every seat a different shape and a different letter, even with shared initials', () => {
    const looks = seatLooks(['Ana', 'Abe', 'Bo', 'Abel'], ['red', 'blue', 'green', 'yellow'])
    expect(new Set(looks.map((l) => l.shape)).size).toBe(4)
    expect(looks.map((l) => l.mark)).toEqual(['An', '2', 'B', '4'])
  })

  it('maps the engine default colour names and keeps #rrggbb colours', () => {
    const looks = seatLooks(['A', 'B', 'C'], ['red', '#0F8B8D', 'chartreuse'])
    expect(looks.map((l) => l.colour)).toEqual(['#d7263d', '#0f8b8d', '#2e8540'])
  })

  it('picks the letter colour with at least 4.5:1 contrast on every offered cube colour', () => {
    const palette = ['#d7263d', '#1b6ec2', '#2e8540', '#c98a00', '#7b3fb0', '#0f8b8d', '#e0611b', '#5b6770']
    for (const colour of palette) {
      const [look] = seatLooks(['X', 'Y'], [colour, '#000000'])
      expect(contrast(look!.colour, look!.ink), colour).toBeGreaterThanOrEqual(4.5)
    }
  })
})
