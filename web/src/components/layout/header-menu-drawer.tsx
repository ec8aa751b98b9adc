import { Box } from '@chakra-ui/react/box'
import { CloseButton } from '@chakra-ui/react/button'
import { Drawer } from '@chakra-ui/react/drawer'
import { Portal } from '@chakra-ui/react/portal'
import { Stack } from '@chakra-ui/react/stack'
import type { ReactNode } from 'react'
import { mainNavLinks, secondaryNavLinks } from '@/config/navigation'
import { HeaderLink } from './header-link'
import { RotatingSlogan } from './rotating-slogan'

interface HeaderMenuDrawerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Called when a link is followed, to close the menu. */
  onNavigate: () => void
  /** The account controls, below the links. */
  children?: ReactNode
}

/**
 * The header's menu below 1280 px: the slogan (on phones), both navigations and the account
 * controls in a drawer from the end side. Its own chunk: the header loads it on first use.
 */
export function HeaderMenuDrawer({ open, onOpenChange, onNavigate, children }: HeaderMenuDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="bg.header" color="fg.onDark">
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                <Box display={{ base: 'block', md: 'none' }}>
                  <RotatingSlogan />
                </Box>
                <Stack as="nav" aria-label="Main" gap="2">
                  {mainNavLinks.map((link) => (
                    <HeaderLink key={link.to} link={link} onClick={onNavigate} />
                  ))}
                </Stack>
                <Stack as="nav" aria-label="More" gap="2">
                  {secondaryNavLinks.map((link) => (
                    <HeaderLink key={link.to} link={link} size="sm" onClick={onNavigate} />
                  ))}
                </Stack>
                {children}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" color="fg.onDark" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
