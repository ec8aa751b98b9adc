import { Box } from '@chakra-ui/react/box'
import { IconButton } from '@chakra-ui/react/button'
import { Container } from '@chakra-ui/react/container'
import { Flex } from '@chakra-ui/react/flex'
import { Link } from '@chakra-ui/react/link'
import { HStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { paths } from '@/config/paths'
import { useEver } from '@/hooks/use-ever'
import { Link as RouterDomLink } from 'react-router'
import { MenuIcon, LogoMark } from '@/components/ui/icons'
import { mainNavLinks, secondaryNavLinks } from '@/config/navigation'
import { HeaderLink } from './header-link'
import { RotatingSlogan } from './rotating-slogan'

export type HeaderActionsPlacement = 'bar' | 'drawer'

const loadHeaderMenuDrawer = () => import('./header-menu-drawer')
const HeaderMenuDrawer = lazy(() => loadHeaderMenuDrawer().then((m) => ({ default: m.HeaderMenuDrawer })))
const preloadHeaderMenuDrawer = () => void loadHeaderMenuDrawer()

interface HeaderProps {
  /** Account controls (Business, Sign in, user menu); `done` closes the mobile menu. */
  renderActions?: (placement: HeaderActionsPlacement, done: () => void) => ReactNode
}

export function Logo() {
  return (
    <Link asChild color="fg.onDark" _hover={{ textDecoration: 'none' }} aria-label="Paryatan home">
      <RouterDomLink to={paths.home}>
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
  // The menu's code loads on the first press of its button (or when the pointer nears it) and then stays.
  const drawerWanted = useEver(menuOpen)
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
            onPointerEnter={preloadHeaderMenuDrawer}
            onFocus={preloadHeaderMenuDrawer}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon boxSize="6" />
          </IconButton>
        </Flex>
      </Container>

      {drawerWanted ? (
        <Suspense fallback={null}>
          <HeaderMenuDrawer open={menuOpen} onOpenChange={setMenuOpen} onNavigate={closeMenu}>
            {renderActions?.('drawer', closeMenu)}
          </HeaderMenuDrawer>
        </Suspense>
      ) : null}
    </Box>
  )
}
