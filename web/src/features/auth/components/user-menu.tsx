import { Menu } from '@chakra-ui/react/menu'
import { Portal } from '@chakra-ui/react/portal'
import { Link, useNavigate } from 'react-router'
import { accountMenuLinks } from '@/config/navigation'
import { paths } from '@/config/paths'
import { useLogout } from '../api/logout'
import { useSession } from '../hooks/use-session'
import { greetingName } from '../utils/display-name'
import { AccountTrigger } from './account-trigger'

const LOGOUT = 'logout'

/**
 * The signed-in user's menu in the header: the account pages and Logout. Fetched on the first
 * press of the header's AccountTrigger, it opens as it arrives (`openAtOnce`).
 */
export function UserMenu({ onAction, openAtOnce = false }: { onAction?: () => void; openAtOnce?: boolean }) {
  const { user } = useSession()
  const navigate = useNavigate()
  const logout = useLogout()
  if (!user) return null
  const name = greetingName(user.fullName, user.email)
  return (
    <Menu.Root
      defaultOpen={openAtOnce}
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
        <AccountTrigger name={name} />
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
