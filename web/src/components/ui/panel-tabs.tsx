import { Box } from '@chakra-ui/react/box'
import { HStack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

// Tabs in the WAI-ARIA Authoring Practices pattern with automatic activation:
// one tab stop for the tab list (the selected tab), arrow keys move and select,
// Home and End go to the ends, and each panel is rendered when first chosen.
// Written for the home page's search panel: Chakra's Tabs brings a state
// machine library that the page would otherwise not load, and the build's
// JavaScript budget for the home page has no room for it.

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
  const refs = useRef(new Map<string, HTMLButtonElement>())

  function choose(value: string, focus: boolean) {
    setSelected(value)
    setShown((s) => (s.has(value) ? s : new Set(s).add(value)))
    if (focus) refs.current.get(value)?.focus()
  }

  function onKeyDown(event: KeyboardEvent) {
    const at = tabs.findIndex((t) => t.value === selected)
    const to = (i: number) => tabs[(i + tabs.length) % tabs.length]!.value
    const next: Record<string, string | undefined> = {
      ArrowRight: to(at + 1),
      ArrowLeft: to(at - 1),
      Home: tabs[0]?.value,
      End: tabs[tabs.length - 1]?.value,
    }
    const value = next[event.key]
    if (value === undefined) return
    event.preventDefault()
    choose(value, true)
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
      <HStack
        role="tablist"
        aria-label={label}
        gap="0"
        px={listPx}
        pt="2"
        borderBottomWidth="1px"
        onKeyDown={onKeyDown}
      >
        {tabs.map((t) => (
          <Tab
            key={t.value}
            ref={(el: HTMLButtonElement | null) => {
              if (el) refs.current.set(t.value, el)
              else refs.current.delete(t.value)
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.value}`}
            aria-selected={t.value === selected}
            aria-controls={`${base}-panel-${t.value}`}
            tabIndex={t.value === selected ? 0 : -1}
            onClick={() => choose(t.value, false)}
          >
            {t.label}
          </Tab>
        ))}
      </HStack>
      {renderPanels ? renderPanels(panels) : panels}
    </Box>
  )
}
