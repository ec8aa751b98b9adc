import { defaultBaseConfig } from '@chakra-ui/react/preset-base'
import { createSystem, defineConfig } from '@chakra-ui/react/styled-system'
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressCircleSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme'

// Palettes the app never names: left out of the tokens with their semantic tokens.
const UNUSED_PALETTES = ['yellow', 'teal', 'cyan', 'purple', 'pink']

function withoutUnusedPalettes<T extends Record<string, unknown>>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.includes(name))) as T
}

/**
 * Semantic tokens with their light value only. The app has no dark mode (nothing sets Chakra's `.dark`
 * class), so the `_dark` half of each value is never seen; kept, it costs a second set of CSS variables
 * and a condition per token each time the system is made, on every page's first task.
 */
export function lightOnly<T>(tokens: T): T {
  if (typeof tokens !== 'object' || tokens === null) return tokens
  if ('value' in tokens) {
    const value = tokens.value
    if (typeof value === 'object' && value !== null && '_light' in value) return { ...tokens, value: value._light }
    return tokens
  }
  return Object.fromEntries(Object.entries(tokens).map(([key, nested]) => [key, lightOnly(nested)])) as T
}

// Chakra's default theme less the recipes of components the app does not use:
// `defaultConfig` would put every recipe into every page's JavaScript. A
// component whose recipe is missing here renders unstyled; theme.test.ts
// fails when an imported component's recipe is not listed.
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // A page's heading takes the focus on arrival (app/scroll-restoration) to be read out; it is
    // not a control, and a ring around it would only look like one.
    'h1[tabindex="-1"]:focus': { outline: 'none' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progressCircle: progressCircleSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
})

// Paryatan's palette: a deep "night sky" blue for structure and a warm
// terracotta for calls to action. Components use the semantic tokens below,
// never raw colour values.
const config = defineConfig({
  globalCss: {
    body: { bg: 'bg.canvas', minHeight: '100vh' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef3fb' },
          100: { value: '#d5e0f3' },
          200: { value: '#aabfe4' },
          300: { value: '#7796cf' },
          400: { value: '#4b70b6' },
          500: { value: '#2f5496' },
          600: { value: '#234279' },
          700: { value: '#1b3461' },
          800: { value: '#14284b' },
          900: { value: '#0d1b34' },
          950: { value: '#08111f' },
        },
        terracotta: {
          50: { value: '#fcf2ee' },
          100: { value: '#f8dfd5' },
          200: { value: '#f0bda9' },
          300: { value: '#e69a7e' },
          400: { value: '#db7a58' },
          500: { value: '#c8603c' },
          600: { value: '#a94d2f' },
          700: { value: '#883d26' },
          800: { value: '#662e1d' },
          900: { value: '#461f14' },
          950: { value: '#2a130c' },
        },
      },
      fonts: {
        heading: {
          value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.800}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.300}' },
        },
        // Solid terracotta is the 600 shade: white text on it meets WCAG AA (5.5:1; the 500 shade gives 4.0:1).
        accent: {
          solid: { value: '{colors.terracotta.600}' },
          hover: { value: '{colors.terracotta.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.terracotta.700}' },
          muted: { value: '{colors.terracotta.100}' },
          subtle: { value: '{colors.terracotta.50}' },
          emphasized: { value: '{colors.terracotta.200}' },
          focusRing: { value: '{colors.terracotta.500}' },
          border: { value: '{colors.terracotta.300}' },
        },
        terracotta: {
          solid: { value: '{colors.terracotta.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.terracotta.700}' },
          muted: { value: '{colors.terracotta.100}' },
          subtle: { value: '{colors.terracotta.50}' },
          emphasized: { value: '{colors.terracotta.200}' },
          focusRing: { value: '{colors.terracotta.500}' },
          border: { value: '{colors.terracotta.300}' },
        },
        bg: {
          canvas: { value: '{colors.gray.50}' },
          header: { value: '{colors.brand.900}' },
          footer: { value: '{colors.brand.950}' },
          card: { value: 'white' },
        },
        fg: {
          onDark: { value: 'white' },
          onDarkMuted: { value: '{colors.brand.100}' },
          headerLink: { value: '{colors.brand.50}' },
          // Status texts one shade darker than Chakra's, to meet 4.5:1 on the canvas and on cards.
          error: { value: '{colors.red.700}' },
          warning: { value: '{colors.orange.800}' },
          success: { value: '{colors.green.700}' },
          info: { value: '{colors.blue.700}' },
        },
        cardFallback: {
          from: { value: '{colors.brand.100}' },
          to: { value: '{colors.terracotta.100}' },
        },
        // The edge of a form control (text field, select, unchecked box or radio): 3:1 at least against the
        // card and the canvas (WCAG 1.4.11), where Chakra's `border` (gray.200) is 1.2:1 and suits only dividers.
        border: {
          control: { value: '{colors.gray.500}' },
        },
      },
    },
    recipes: {
      input: { variants: { variant: { outline: { borderColor: 'border.control' } } } },
      textarea: { variants: { variant: { outline: { borderColor: 'border.control' } } } },
    },
    slotRecipes: {
      nativeSelect: {
        slots: nativeSelectSlotRecipe.slots,
        variants: { variant: { outline: { field: { borderColor: 'border.control' } } } },
      },
      checkbox: {
        slots: checkboxSlotRecipe.slots,
        variants: {
          variant: {
            solid: { control: { borderColor: 'border.control' } },
            outline: { control: { borderColor: 'border.control' } },
          },
        },
      },
    },
  },
})

let system: ReturnType<typeof createSystem> | undefined

/**
 * The app's Chakra system, made on first use rather than as this module loads: making it (the tokens and
 * their CSS variables, the utilities) is over half of evaluating the app's code, about 120 ms of a 220 ms
 * task on a slow phone, and main.tsx has it made in a task of its own.
 */
export function appSystem(): ReturnType<typeof createSystem> {
  return (system ??= createSystem(defaultBaseConfig, chakraTheme, config))
}

/** Recipes of the theme for plain elements drawn as their components (the flight card's badge and Select). */
export { badgeRecipe, buttonRecipe }
