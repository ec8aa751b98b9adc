import { Avatar } from '@chakra-ui/react/avatar'
import { Box } from '@chakra-ui/react/box'
import { Container } from '@chakra-ui/react/container'
import { Flex } from '@chakra-ui/react/flex'
import { Link } from '@chakra-ui/react/link'
import { Separator } from '@chakra-ui/react/separator'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { Link as RouterDomLink, useLocation } from 'react-router'
import { accountLogoutLink, accountNavLinks, type NavLink } from '@/config/navigation'
import { paths } from '@/config/paths'
import type { AccountType } from '@/lib/api-types'

/** Only MyBiz accounts have a company; its page follows Co-Travellers. */
const COMPANY_LINK: NavLink = { to: paths.company, label: 'Company & GST' }

function sideLinks(accountType: AccountType): readonly NavLink[] {
  if (accountType !== 'biz') return accountNavLinks
  const at = accountNavLinks.findIndex((link) => link.to === paths.coTravellers) + 1 || accountNavLinks.length
  return [...accountNavLinks.slice(0, at), COMPANY_LINK, ...accountNavLinks.slice(at)]
}

function isCurrent(link: NavLink, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  // The account index shows the profile.
  return path === link.to || (link.to === paths.profile && path === paths.account)
}

function SideLink({ link, current, tone }: { link: NavLink; current: boolean; tone?: 'danger' }) {
  return (
    <Link
      asChild
      display="block"
      flexShrink={0}
      whiteSpace="nowrap"
      px="3"
      py="2"
      rounded="l2"
      fontWeight="medium"
      fontSize="sm"
      color={tone === 'danger' ? 'fg.error' : 'fg'}
      borderWidth={{ base: '1px', md: '0' }}
      borderColor="border.muted"
      _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
      _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold', borderColor: 'brand.border' }}
    >
      <RouterDomLink to={link.to} aria-current={current ? 'page' : undefined}>
        {link.label}
      </RouterDomLink>
    </Link>
  )
}

interface AccountShellProps {
  fullName: string
  email: string
  accountType: AccountType
  children: ReactNode
}

/**
 * The account area's frame: who is signed in, the side navigation (a
 * scrolling row on narrow screens) with Logout set apart, and the page.
 */
export function AccountShell({ fullName, email, accountType, children }: AccountShellProps) {
  const { pathname } = useLocation()
  const name = fullName.trim() || email
  const initial = (name.trim()[0] ?? '?').toUpperCase()

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Flex
        gap="4"
        align="center"
        bg="bg.card"
        borderWidth="1px"
        borderColor="border.muted"
        rounded="l3"
        p={{ base: '4', md: '5' }}
        mb={{ base: '4', md: '6' }}
        data-testid="account-header"
      >
        <Avatar.Root size="lg" colorPalette="terracotta" variant="solid">
          <Avatar.Fallback>{initial}</Avatar.Fallback>
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="bold" fontSize="lg" color="brand.fg" truncate>
            {name}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            {email}
          </Text>
        </Stack>
      </Flex>

      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }} align="flex-start">
        <Box
          as="nav"
          aria-label="Account"
          width={{ base: 'full', md: '56' }}
          flexShrink={0}
          position={{ md: 'sticky' }}
          top={{ md: '24' }}
        >
          <Stack
            direction={{ base: 'row', md: 'column' }}
            gap="1"
            overflowX={{ base: 'auto', md: 'visible' }}
            pb={{ base: '2', md: '0' }}
          >
            {sideLinks(accountType).map((link) => (
              <SideLink key={link.to} link={link} current={isCurrent(link, pathname)} />
            ))}
            <Separator orientation="vertical" hideFrom="md" />
            <Separator hideBelow="md" my="2" />
            <SideLink link={accountLogoutLink} current={false} tone="danger" />
          </Stack>
        </Box>
        <Box as="section" flex="1" minW="0" width="full" aria-label="Account page">
          {children}
        </Box>
      </Flex>
    </Container>
  )
}
