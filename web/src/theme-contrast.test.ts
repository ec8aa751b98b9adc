import { describe, expect, it } from 'vitest'
import { appSystem } from './theme'

// WCAG 2.2 AA contrast of the theme's colour pairs, computed from the tokens
// themselves: 4.5:1 for text (1.4.3), 3:1 for the edges of controls and the
// focus ring (1.4.11), in each state the components give them. The app has
// one colour mode (light); disabled controls are exempt (WCAG 1.4.3).

/** A colour token's sRGB hex in light mode, following references ({colors.x.y}, var(--chakra-colors-x-y), 'white'). */
function hex(name: string): string {
  const token = appSystem().tokens.getByName(`colors.${name}`)
  if (!token) throw new Error(`no colour token ${name}`)
  const conditions = token.extensions.conditions as Record<string, string> | undefined
  const value = String(conditions?._light ?? conditions?.base ?? token.value)
  const ref = /^\{colors\.(.+)\}$/.exec(value) ?? /^var\(--chakra-colors-(.+)\)$/.exec(value)
  if (ref?.[1]) return hex(ref[1].replace(/-/g, '.'))
  // A CSS colour name that is also a token ('white').
  if (/^[a-z]+$/.test(value) && value !== name && appSystem().tokens.getByName(`colors.${value}`)) return hex(value)
  if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${name}: ${value} is not a colour this test reads`)
  return value
}

function channels(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** `top` at `alpha` over `under`, as the browser paints it. */
function over(top: string, alpha: number, under: string): string {
  const t = channels(top)
  const u = channels(under)
  return `#${t
    .map((c, i) =>
      Math.round(c * alpha + u[i]! * (1 - alpha))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

const SURFACES = ['bg.card', 'bg.canvas']

describe('theme contrast', () => {
  it('reads the tokens as colours', () => {
    expect(hex('bg.card').toLowerCase()).toBe('#ffffff')
    expect(ratio('#000000', '#ffffff')).toBeCloseTo(21)
    expect(ratio(hex('terracotta.500'), '#ffffff')).toBeLessThan(4.5) // the shade white text failed on
  })

  it.each([
    ['fg', SURFACES],
    ['fg.muted', SURFACES],
    ['fg.error', SURFACES],
    ['fg.warning', SURFACES],
    ['fg.success', SURFACES],
    ['fg.info', SURFACES],
    ['brand.fg', [...SURFACES, 'brand.subtle']],
    ['accent.fg', [...SURFACES, 'accent.subtle']],
    ['fg.onDark', ['bg.header', 'bg.footer', 'brand.solid']],
    ['fg.onDarkMuted', ['bg.header', 'bg.footer']],
    ['fg.headerLink', ['bg.header']],
  ])('text in %s meets 4.5:1 on %j', (text, backgrounds) => {
    for (const bg of backgrounds) expect(ratio(hex(text), hex(bg)), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5)
  })

  it.each(['brand', 'accent', 'terracotta'])('a solid %s button keeps 4.5:1 at rest and on hover', (palette) => {
    const text = hex(`${palette}.contrast`)
    const solid = hex(`${palette}.solid`)
    expect(ratio(text, solid)).toBeGreaterThanOrEqual(4.5)
    // Chakra's solid button lightens to the solid colour at 90 % on hover, over the card or the canvas.
    for (const bg of SURFACES)
      expect(ratio(text, over(solid, 0.9, hex(bg))), `hover on ${bg}`).toBeGreaterThanOrEqual(4.5)
  })

  it("accent's own hover shade keeps white text at 4.5:1", () => {
    expect(ratio(hex('accent.contrast'), hex('accent.hover'))).toBeGreaterThanOrEqual(4.5)
  })

  it.each(['border.control', 'brand.focusRing', 'accent.focusRing', 'border.error'])(
    '%s stands out 3:1 from the card and the canvas',
    (edge) => {
      for (const bg of SURFACES) expect(ratio(hex(edge), hex(bg)), `${edge} on ${bg}`).toBeGreaterThanOrEqual(3)
    },
  )

  it('gives form controls the control edge, not the divider colour', () => {
    const input = appSystem().getRecipe('input') as { variants: { variant: { outline: { borderColor: string } } } }
    const textarea = appSystem().getRecipe('textarea') as typeof input
    expect(input.variants.variant.outline.borderColor).toBe('border.control')
    expect(textarea.variants.variant.outline.borderColor).toBe('border.control')
    type Slots = { variants: { variant: Record<string, Record<string, { borderColor?: string }>> } }
    const select = appSystem().getSlotRecipe('nativeSelect') as Slots
    const checkbox = appSystem().getSlotRecipe('checkbox') as Slots
    expect(select.variants.variant.outline?.field?.borderColor).toBe('border.control')
    for (const variant of ['solid', 'outline']) {
      expect(checkbox.variants.variant[variant]?.control?.borderColor).toBe('border.control')
    }
  })
})
