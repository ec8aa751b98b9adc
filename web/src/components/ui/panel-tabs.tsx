import { Box } from '@chakra-ui/react/box'
import { HStack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

// Tabs in the WAI-ARIA Authoring Practices pattern with automatic activation:
// one tab stop for the tab list (the selected tab), arrow keys move and select,
// Home and End go to the ends, and each panel is rendered when first chosen.
// Written for the home page's search panel and the sign-in dialog's account
// type: Chakra's Tabs brings a state machine library that the pages would
// otherwise not load, and the build's JavaScript budget has no room for it.

const Tab = chakra('button', {
  base: {
    minHeight: '10',
    px: '4',
    fontWeight: 'semibold',
    fontSize: 'sm',
    color: 'fg.muted',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    marginBottom: '-1px',
    cursor: 'pointer',
    _hover: { color: 'fg' },
    _selected: { color: 'fg', borderColor: 'colorPalette.solid' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' },
  },
})

export interface PanelTab {
  value: string
  label: string
  /** The panel's content; rendered when the tab is first chosen, then kept. */
  render: () => ReactNode
}

interface PanelTabsProps {
  /** The tab list's accessible name. */
  label: string
  tabs: readonly PanelTab[]
  defaultValue: string
  colorPalette?: string
  /** Padding of the tab list, to line up with the panels. */
  listPx?: Record<string, string> | string
  /** Wraps the panels (e.g. a card body). */
  renderPanels?: (panels: ReactNode) => ReactNode
}

export function PanelTabs({ label, tabs, defaultValue, colorPalette = 'brand', listPx, renderPanels }: PanelTabsProps) {
  const base = useId()
  const [selected, setSelected] = useState(defaultValue)
  const [shown, setShown] = useState(() => new Set([defaultValue]))

  function choose(value: string) {
    setSelected(value)
    setShown((s) => (s.has(value) ? s : new Set(s).add(value)))
  }

  const panels = tabs.map((t) =>
    shown.has(t.value) ? (
      <Box
        key={t.value}
        role="tabpanel"
        id={`${base}-panel-${t.value}`}
        aria-labelledby={`${base}-tab-${t.value}`}
        hidden={t.value !== selected}
        tabIndex={0}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      >
        {t.render()}
      </Box>
    ) : null,
  )

  return (
    <Box colorPalette={colorPalette}>
      <TabList
        label={label}
        idBase={base}
        tabs={tabs}
        selected={selected}
        onSelect={choose}
        px={listPx}
        panelId={(value) => `${base}-panel-${value}`}
      />
      {renderPanels ? renderPanels(panels) : panels}
    </Box>
  )
}

interface TabListProps {
  /** The tab list's accessible name. */
  label: string
  /** Makes the tabs' ids: `${idBase}-tab-${value}`. */
  idBase: string
  tabs: ReadonlyArray<{ value: string; label: string }>
  selected: string
  /** A tab was chosen, by a click or a key (the keys move the focus to it as well). */
  onSelect(value: string): void
  /** The id of the panel a tab controls. */
  panelId(value: string): string
  /** Padding of the tab list. */
  px?: Record<string, string> | string
  /** Each tab takes an equal share of the list's width. */
  fitted?: boolean
  /** Text style of the tabs, when not the panel's. */
  tabText?: { fontSize: string; fontWeight: string; letterSpacing: string }
}

/**
 * The keys of a tab list with automatic activation, for any tab list of the app: the arrow keys
 * choose the next or previous tab (round the ends; Up and Down too where the tabs wrap onto more
 * lines), Home and End the first and last, and the focus follows. Returns the list's key handler
 * and the ref each tab takes.
 */
export function useTabKeys<V>(values: readonly V[], selected: V, onSelect: (value: V) => void, wraps = false) {
  const refs = useRef(new Map<V, HTMLButtonElement>())
  function onKeyDown(event: KeyboardEvent) {
    const at = values.indexOf(selected)
    const to = (i: number) => values[(i + values.length) % values.length]
    const next: Record<string, V | undefined> = {
      ArrowRight: to(at + 1),
      ArrowLeft: to(at - 1),
      ...(wraps ? { ArrowDown: to(at + 1), ArrowUp: to(at - 1) } : {}),
      Home: values[0],
      End: values[values.length - 1],
    }
    if (!(event.key in next) || values.length === 0) return
    const value = next[event.key] as V
    event.preventDefault()
    onSelect(value)
    refs.current.get(value)?.focus()
  }
  const tabRef = (value: V) => (el: HTMLButtonElement | null) => {
    if (el) refs.current.set(value, el)
    else refs.current.delete(value)
  }
  return { onKeyDown, tabRef }
}

/** The row of tabs on its own, for tabs whose panel is shared (one form, whatever the tab). */
export function TabList({ label, idBase, tabs, selected, onSelect, panelId, px, fitted, tabText }: TabListProps) {
  const { onKeyDown, tabRef } = useTabKeys(
    tabs.map((t) => t.value),
    selected,
    onSelect,
  )

  return (
    <HStack role="tablist" aria-label={label} gap="0" px={px} pt="2" borderBottomWidth="1px" onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <Tab
          key={t.value}
          ref={tabRef(t.value)}
          type="button"
          role="tab"
          id={`${idBase}-tab-${t.value}`}
          aria-selected={t.value === selected}
          aria-controls={panelId(t.value)}
          tabIndex={t.value === selected ? 0 : -1}
          flex={fitted ? '1' : undefined}
          {...tabText}
          onClick={() => onSelect(t.value)}
        >
          {t.label}
        </Tab>
      ))}
    </HStack>
  )
}
