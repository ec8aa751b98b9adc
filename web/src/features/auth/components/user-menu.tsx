import { Avatar } from '@chakra-ui/react/avatar'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Menu } from '@chakra-ui/react/menu'
import { Portal } from '@chakra-ui/react/portal'
import { Link, useNavigate } from 'react-router'
import { accountMenuLinks } from '@/config/navigation'
import { paths } from '@/config/paths'
import { useLogout } from '../api/logout'
import { useSession } from '../hooks/use-session'
import { greetingName, initialOf } from '../utils/display-name'

const LOGOUT = 'logout'

/** The signed-in user's menu in the header: the account pages and Logout. */
export function UserMenu({ onAction }: { onAction?: () => void }) {
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
          () => navigate(paths.home),
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
