import { Button } from '@chakra-ui/react/button'
import { HStack } from '@chakra-ui/react/stack'
import { lazy, Suspense, useState } from 'react'
import { useSession } from '../hooks/use-session'
import { useSignIn } from '../hooks/use-sign-in'
import { greetingName } from '../utils/display-name'
import { AccountTrigger } from './account-trigger'
import { preloadSignInDialog } from './sign-in-dialog-slot'

interface HeaderAuthActionsProps {
  /** Called after an action is chosen, e.g. to close the mobile menu. */
  onAction?: () => void
  direction?: 'row' | 'column'
}

const loadUserMenu = () => import('./user-menu')
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })))
const preloadUserMenu = () => void loadUserMenu()

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
        onPointerEnter={preloadSignInDialog}
        onFocus={preloadSignInDialog}
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
          onPointerEnter={preloadSignInDialog}
          onFocus={preloadSignInDialog}
          onClick={() => {
            onAction?.()
            openSignIn({ step: 'mobile' })
          }}
        >
          Sign in
        </Button>
      ) : null}
      {status === 'signedIn' ? <AccountMenu onAction={onAction} /> : null}
    </HStack>
  )
}

/**
 * The signed-in traveller's button, and their menu once it is first pressed: the menu's code is
 * fetched then (ahead, on a pointer over or focus), not with every page a signed-in traveller opens.
 */
function AccountMenu({ onAction }: { onAction?: () => void }) {
  const { user } = useSession()
  const [wanted, setWanted] = useState(false)
  if (!user) return null
  const trigger = (
    <AccountTrigger
      name={greetingName(user.fullName, user.email)}
      aria-expanded={false}
      onPointerEnter={preloadUserMenu}
      onFocus={preloadUserMenu}
      onClick={() => setWanted(true)}
    />
  )
  if (!wanted) return trigger
  return (
    <Suspense fallback={trigger}>
      <UserMenu onAction={onAction} openAtOnce />
    </Suspense>
  )
}
