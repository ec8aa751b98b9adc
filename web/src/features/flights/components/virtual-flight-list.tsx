import { chakra, defineStyle } from '@chakra-ui/react/styled-system'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { ListFlight } from '../lib/results'

// The items' styles sit on the list, the one styled element: items are plain
// elements that cost no style work when a filter brings in new ones.
const listStyles = defineStyle({
  listStyleType: 'none',
  m: '0',
  p: '0',
  position: 'relative',
  '& > li': { position: 'absolute', top: '0', left: '0', width: '100%', pb: '3' },
  // A card's button reached with the keyboard is brought out from under the sticky header and, on a
  // phone, the sort and filter bar below it (WCAG 2.4.11).
  '& button': { scrollMarginTop: '36' },
})

interface VirtualFlightListProps {
  flights: readonly ListFlight[]
  /** The list's accessible name. */
  label: string
  renderItem: (flight: ListFlight, index: number) => ReactNode
  /** A card's usual height in pixels, before it is measured. */
  estimateSize?: number
}

/**
 * A list of thousands of flights that scrolls with the page: only the cards
 * near the viewport are in the document, each measured as it renders (cards
 * grow when their details open). It stays a real list for assistive
 * technology: every item says its position in the whole set.
 */
export function VirtualFlightList({ flights, label, renderItem, estimateSize = 168 }: VirtualFlightListProps) {
  const listRef = useRef<HTMLUListElement>(null)
  // The list's distance from the top of the page: content above it (the
  // banner, filters stacked on a phone) moves it, which resizes the body.
  const [scrollMargin, setScrollMargin] = useState(0)
  useEffect(() => {
    const list = listRef.current
    if (!list) return
    const observer = new ResizeObserver(() => {
      const top = Math.round(list.getBoundingClientRect().top + window.scrollY)
      setScrollMargin((current) => (current === top ? current : top))
    })
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])

  const virtualizer = useWindowVirtualizer({
    count: flights.length,
    estimateSize: () => estimateSize,
    overscan: 2,
    scrollMargin,
    getItemKey: (index) => flights[index]?.id ?? index,
    // A card never has no height; an element that reports none is not laid out yet. A resize reports
    // the new size itself: reading it from the entry spares a layout.
    measureElement: (element, entry) =>
      entry?.borderBoxSize[0]?.blockSize || element.getBoundingClientRect().height || estimateSize,
  })

  return (
    <chakra.ul ref={listRef} aria-label={label} css={listStyles} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const flight = flights[item.index]
        if (!flight) return null
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            aria-setsize={flights.length}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {renderItem(flight, item.index)}
          </li>
        )
      })}
    </chakra.ul>
  )
}
