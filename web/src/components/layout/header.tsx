import {
  Box,
  CloseButton,
  Container,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Link,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { Link as RouterDomLink, NavLink } from 'react-router'
import { MenuIcon, LogoMark } from '@/components/ui/icons'
import { mainNavLinks, secondaryNavLinks, type NavLink as NavItem } from '@/config/navigation'
import { RotatingSlogan } from './rotating-slogan'

export type HeaderActionsPlacement = 'bar' | 'drawer'

interface HeaderProps {
  /** Account controls (Business, Sign in, user menu); `done` closes the mobile menu. */
  renderActions?: (placement: HeaderActionsPlacement, done: () => void) => ReactNode
}

function HeaderLink({ link, onClick, size = 'md' }: { link: NavItem; onClick?: () => void; size?: 'sm' | 'md' }) {
  return (
    <Link
      asChild
      color={size === 'sm' ? 'fg.onDarkMuted' : 'fg.headerLink'}
      fontSize={size === 'sm' ? 'sm' : 'md'}
      fontWeight={size === 'sm' ? 'medium' : 'semibold'}
      px="1"
      py="1"
      borderBottomWidth="2px"
      borderColor="transparent"
      _hover={{ color: 'fg.onDark', textDecoration: 'none', borderColor: 'accent.solid' }}
      _currentPage={{ color: 'fg.onDark', borderColor: 'accent.solid' }}
    >
      <NavLink to={link.to} onClick={onClick}>
        {link.label}
      </NavLink>
    </Link>
  )
}

export function Logo() {
  return (
    <Link asChild color="fg.onDark" _hover={{ textDecoration: 'none' }} aria-label="Paryatan home">
      <RouterDomLink to="/">
        <HStack gap="2">
          <LogoMark boxSize="8" />
          <Text as="span" fontSize="xl" fontWeight="extrabold" letterSpacing="tight">
            Paryatan
          </Text>
        </HStack>
      </RouterDomLink>
    </Link>
  )
}

/** The sticky site header with the logo, rotating slogan, navigation and account controls. */
export function Header({ renderActions }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const closeMenu = () => setMenuOpen(false)

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg.header" color="fg.onDark" boxShadow="md">
      <Container maxW="7xl" py="3">
        {/* The slogan, both navigations and the account actions need about 1280 px: below that the
            navigations and actions move into the menu. Tighter between xl and 2xl, where they fill the bar. */}
        <Flex align="center" gap={{ base: '3', xl: '4', '2xl': '6' }}>
          <Logo />
          <Box display={{ base: 'none', md: 'block' }}>
            <RotatingSlogan />
          </Box>
          <HStack as="nav" aria-label="Main" gap="4" display={{ base: 'none', xl: 'flex' }} ms="4">
            {mainNavLinks.map((link) => (
              <HeaderLink key={link.to} link={link} />
            ))}
          </HStack>
          <Box flex="1" />
          <HStack as="nav" aria-label="More" gap="3" display={{ base: 'none', xl: 'flex' }}>
            {secondaryNavLinks.map((link) => (
              <HeaderLink key={link.to} link={link} size="sm" />
            ))}
          </HStack>
          <Box display={{ base: 'none', xl: 'block' }}>{renderActions?.('bar', closeMenu)}</Box>
          <IconButton
            aria-label="Open menu"
            display={{ base: 'inline-flex', xl: 'none' }}
            variant="ghost"
            color="fg.onDark"
            _hover={{ bg: 'whiteAlpha.200' }}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon boxSize="6" />
          </IconButton>
        </Flex>
      </Container>

      <Drawer.Root open={menuOpen} onOpenChange={(details) => setMenuOpen(details.open)} placement="end" size="xs">
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
                      <HeaderLink key={link.to} link={link} onClick={closeMenu} />
                    ))}
                  </Stack>
                  <Stack as="nav" aria-label="More" gap="2">
                    {secondaryNavLinks.map((link) => (
                      <HeaderLink key={link.to} link={link} size="sm" onClick={closeMenu} />
                    ))}
                  </Stack>
                  {renderActions?.('drawer', closeMenu)}
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" color="fg.onDark" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  )
}
