/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chakraTheme from '@chakra-ui/react/theme'
import { describe, expect, it } from 'vitest'
import { appSystem, lightOnly } from './theme'

// The theme lists only the recipes of the components the app imports (one
// entry point per component, `@chakra-ui/react/<component>`). This test reads
// those imports and Chakra's own component code to find the recipes each one
// renders with, so adding a component without its recipe fails here rather
// than rendering unstyled.

const srcDir = path.dirname(fileURLToPath(import.meta.url))
const componentsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/components',
)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    if (d.isDirectory()) return sourceFiles(p)
    return /\.(ts|tsx)$/.test(d.name) ? [p] : []
  })
}

/** The component entry points the app imports: "button", "native-select"… */
function importedEntries(): Set<string> {
  const entries = new Set<string>()
  for (const file of sourceFiles(srcDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/from '@chakra-ui\/react\/([a-z-]+)'/g)) {
      entries.add(m[1]!)
    }
  }
  return entries
}

const recipeNames = new Set(
  Object.keys(chakraTheme)
    .filter((k) => k.endsWith('Recipe'))
    .map((k) => k.replace(/(Slot)?Recipe$/, '')),
)

/** The recipe keys an entry's code asks for, following its imports of other components. */
function recipesOf(entry: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>()
  if (seen.has(entry)) return keys
  seen.add(entry)
  const dir = path.join(componentsDir, entry)
  let files: string[]
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.js'))
  } catch {
    return keys // not a component folder (styled-system, theme, preset-base)
  }
  for (const f of files) {
    const code = readFileSync(path.join(dir, f), 'utf8')
    for (const m of code.matchAll(/key: "([a-zA-Z]+)"/g)) {
      if (recipeNames.has(m[1]!)) keys.add(m[1]!)
    }
    for (const m of code.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
      for (const k of recipesOf(m[1]!, seen)) keys.add(k)
    }
  }
  return keys
}

describe('theme', () => {
  const entries = importedEntries()

  it('finds the components the app imports', () => {
    // A guard on the scan itself: these are on every page.
    expect(entries).toContain('button')
    expect(entries).toContain('dialog')
  })

  it('holds the recipe of every component the app imports', () => {
    const missing: string[] = []
    for (const entry of entries) {
      for (const key of recipesOf(entry)) {
        if (!appSystem().isRecipe(key) && !appSystem().isSlotRecipe(key)) missing.push(`${entry} needs ${key}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('leaves out the recipes of components the app does not import', () => {
    const used = new Set([...entries].flatMap((e) => [...recipesOf(e)]))
    const unused = [...recipeNames].filter(
      (k) => (appSystem().isRecipe(k) || appSystem().isSlotRecipe(k)) && !used.has(k),
    )
    expect(unused).toEqual([])
  })
})

describe('one colour mode', () => {
  it('keeps the light value of a semantic token and drops the dark one', () => {
    const tokens = {
      bg: { DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.black}' } }, card: { value: 'white' } },
      shadow: { value: { _light: '0 1px 2px gray', _dark: '0 1px 1px black' }, description: 'kept' },
    }
    expect(lightOnly(tokens)).toEqual({
      bg: { DEFAULT: { value: '{colors.white}' }, card: { value: 'white' } },
      shadow: { value: '0 1px 2px gray', description: 'kept' },
    })
  })

  it('gives the theme no dark values: its CSS variables are one set, on the root', () => {
    expect([...appSystem().tokens.cssVarMap.keys()]).toEqual(['base'])
    expect(appSystem().tokens.getByName('colors.bg.muted')?.value).toBe('var(--chakra-colors-gray-100)')
    expect(appSystem().tokens.getByName('colors.fg.error')?.value).toBe('var(--chakra-colors-red-700)')
    expect(JSON.stringify(appSystem().getTokenCss())).not.toContain('.dark')
  })
})
