import { Avatar, Box, Button, HStack, Menu, Portal } from '@chakra-ui/react'
import { Link, useNavigate } from 'react-router'
import { accountMenuLinks } from '@/config/navigation'
import { useLogout } from '../api/logout'
import { useSession } from '../hooks/use-session'
import { useSignIn } from '../hooks/use-sign-in'
import { greetingName, initialOf } from '../utils/display-name'

interface HeaderAuthActionsProps {
  /** Called after an action is chosen, e.g. to close the mobile menu. */
  onAction?: () => void
  direction?: 'row' | 'column'
}

const LOGOUT = 'logout'

function UserMenu({ onAction }: { onAction?: () => void }) {
  const { user } = useSession()
  const navigate = useNavigate()
  const logout = useLogout()
  if (!user) return null
  const name = greetingName(user.fullName, user.email)
  return (
    <Menu.Root
      onSelect={(details) => {
        onAction?.()
        if (details.value !== LOGOUT) return
        // This menu unmounts once signed out, so follow the promise rather than a mutate callback.
        logout.mutateAsync().then(
          () => navigate('/'),
          () => {
            // The session is checked again (see useLogout); the menu stays for another try.
          },
        )
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" color="fg.onDark" _hover={{ bg: 'whiteAlpha.200' }} px="2">
          <Avatar.Root size="xs" colorPalette="terracotta" variant="solid">
            <Avatar.Fallback>{initialOf(name)}</Avatar.Fallback>
          </Avatar.Root>
          {/* A long name is cut short on screen; the button's name stays whole for assistive technology. */}
          <Box as="span" truncate maxW={{ base: '40', xl: '24', '2xl': '48' }}>
            Hi, {name}
          </Box>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {accountMenuLinks.map((link) => (
              <Menu.Item key={link.to} value={link.to} asChild>
                <Link to={link.to}>{link.label}</Link>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value={LOGOUT} color="fg.error" disabled={logout.isPending}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

/** The header's account controls: 'Business', and 'Sign in' or the signed-in user's menu. */
export function HeaderAuthActions({ onAction, direction = 'row' }: HeaderAuthActionsProps) {
  const { status } = useSession()
  const { openSignIn } = useSignIn()
  const stretch = direction === 'column'
  return (
    <HStack gap="2" flexDirection={direction} alignItems={stretch ? 'stretch' : 'center'}>
      <Button
        variant="outline"
        size="sm"
        color="fg.onDark"
        borderColor="whiteAlpha.500"
        _hover={{ bg: 'whiteAlpha.200' }}
        onClick={() => {
          onAction?.()
          openSignIn({ accountType: 'biz', lockBiz: true })
        }}
      >
        Business
      </Button>
      {status === 'signedOut' ? (
        <Button
          size="sm"
          colorPalette="terracotta"
          onClick={() => {
            onAction?.()
            openSignIn({ step: 'mobile' })
          }}
        >
          Sign in
        </Button>
      ) : null}
      {status === 'signedIn' ? <UserMenu onAction={onAction} /> : null}
    </HStack>
  )
}
