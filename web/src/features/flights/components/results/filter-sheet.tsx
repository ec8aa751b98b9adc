import { Button, CloseButton } from '@chakra-ui/react/button'
import { Drawer } from '@chakra-ui/react/drawer'
import { Portal } from '@chakra-ui/react/portal'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { showFlightsLabel } from '../filter-controls'

interface FilterSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** How many flights the filters chosen in the sheet leave, shown before they apply. */
  matches: number
  /** Applies the sheet's filters to the list (and closes it). */
  onApply: () => void
  /** Clears the sheet's filters; they apply with the rest. */
  onClear: () => void
  /** The filter controls, editing the sheet's own copy of the filters. */
  children: ReactNode
  /** The Filters button, which the focus goes back to however the sheet closes. */
  opener: () => HTMLElement | null
}

/**
 * A flight list's filters on a phone: a sheet from the bottom of the screen,
 * named "Filters", that keeps the focus inside it, closes on Escape and gives
 * the focus back to the button that opened it. What is changed in it applies
 * only with "Show N flights", which counts the flights it would leave;
 * closing it any other way leaves the list as it was. Its own chunk: the page
 * loads it when the Filters button is first pointed at, focused or pressed.
 */
export function FilterSheet({ open, onOpenChange, matches, onApply, onClear, children, opener }: FilterSheetProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="bottom"
      finalFocusEl={opener}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="none" maxH="85dvh" roundedTop="l3" data-testid="filter-sheet">
            <Drawer.Header px="4" pt="4" pb="2">
              <Drawer.Title>Filters</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="4" py="2">
              {children}
            </Drawer.Body>
            <Drawer.Footer px="4" py="3" gap="3" borderTopWidth="1px">
              <Button variant="outline" minH="11" onClick={onClear}>
                Clear all
              </Button>
              <Button
                flex="1"
                minH="11"
                bg="accent.solid"
                color="accent.contrast"
                _hover={{ bg: 'accent.hover' }}
                onClick={onApply}
              >
                {showFlightsLabel(matches)}
              </Button>
              {/* The count as it changes, for screen readers: the button's new name alone is not announced. */}
              <Text as="span" srOnly role="status">
                {matches === 1 ? '1 flight matches' : `${matches} flights match`}
              </Text>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close filters" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
