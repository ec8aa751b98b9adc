import { Button } from '@chakra-ui/react/button'
import { HStack } from '@chakra-ui/react/stack'
import { lazy, Suspense } from 'react'
import { useSession } from '../hooks/use-session'
import { useSignIn } from '../hooks/use-sign-in'
import { preloadSignInDialog } from './sign-in-dialog-slot'

interface HeaderAuthActionsProps {
  /** Called after an action is chosen, e.g. to close the mobile menu. */
  onAction?: () => void
  direction?: 'row' | 'column'
}

const loadUserMenu = () => import('./user-menu')
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })))

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
      {/* The account menu's code is fetched once signed in: visitors never load it. */}
      {status === 'signedIn' ? (
        <Suspense fallback={null}>
          <UserMenu onAction={onAction} />
        </Suspense>
      ) : null}
    </HStack>
  )
}
