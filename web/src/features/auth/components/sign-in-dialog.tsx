import { Box } from '@chakra-ui/react/box'
import { CloseButton } from '@chakra-ui/react/button'
import { Dialog } from '@chakra-ui/react/dialog'
import { Grid } from '@chakra-ui/react/grid'
import { Portal } from '@chakra-ui/react/portal'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { TabList } from '@/components/ui/panel-tabs'
import { useSignIn } from '../hooks/use-sign-in'
import type { AccountType } from '../types'
import { safeReturnPath } from '../utils/return-path'
import type { EmailStep as EmailStepComponent } from './email-step'
import { MobileStep } from './mobile-step'
import { SignInCarousel } from './sign-in-carousel'

// The e-mail forms (the form library, their schemas) are a chunk of their own: the dialog opens on
// the mobile number, and a page that asks for sign-in shows it on a first visit. They are fetched
// when the e-mail button is neared (a pointer over it, or focus) or pressed.
let emailStepLoaded: typeof EmailStepComponent | undefined
const loadEmailStep = () =>
  import('./email-step').then((m) => {
    emailStepLoaded = m.EmailStep
    return m
  })
const LazyEmailStep = lazy(() => loadEmailStep().then((m) => ({ default: m.EmailStep })))
const preloadEmailStep = () => void loadEmailStep()

/**
 * The e-mail step, shown at once when its code is already here (fetched ahead), else after the
 * title while it loads. Which of the two is chosen once, so a form being filled in never remounts.
 */
function EmailStep(props: ComponentProps<typeof EmailStepComponent>) {
  const [Step] = useState(() => emailStepLoaded ?? LazyEmailStep)
  return (
    <Suspense
      fallback={
        <Stack gap="4" minH="xs" aria-busy="true">
          <Dialog.Title fontSize="xl" color="brand.fg">
            {props.mode === 'login' ? 'Sign in with Email' : 'Create your account'}
          </Dialog.Title>
        </Stack>
      }
    >
      <Step {...props} />
      <FocusFirstField />
    </Suspense>
  )
}

/**
 * Once a step that was loading is shown: its first field takes the focus if the focus is nowhere
 * (the control that changed the step went with the old step).
 */
function FocusFirstField() {
  const ref = useRef<HTMLSpanElement>(null)
  useEffect(() => focusFirstField(ref.current?.parentElement ?? null), [])
  return <span ref={ref} hidden />
}

function focusFirstField(body: HTMLElement | null) {
  const active = document.activeElement
  if (active && active !== document.body && active.isConnected) return
  body?.querySelector<HTMLElement>('input:not([type="hidden"]), select')?.focus()
}

const ACCOUNT_TABS: ReadonlyArray<{ value: AccountType; label: string }> = [
  { value: 'personal', label: 'PERSONAL ACCOUNT' },
  { value: 'biz', label: 'MYBIZ ACCOUNT' },
]

/**
 * Personal or MyBiz, above the step (`children`): two tabs whose panel is the
 * step, or one label when the dialog was opened for MyBiz only.
 */
function AccountTypeSwitch({ children }: { children: ReactNode }) {
  const { state, setAccountType } = useSignIn()
  const base = useId()
  if (state.lockBiz) {
    return (
      <Stack gap="6">
        <Text
          fontSize="sm"
          fontWeight="bold"
          letterSpacing="wide"
          color="brand.fg"
          borderBottomWidth="2px"
          borderColor="accent.solid"
          pb="2"
          data-testid="account-type-locked"
        >
          MYBIZ ACCOUNT
        </Text>
        {children}
      </Stack>
    )
  }
  const panelId = `${base}-panel`
  return (
    <Box colorPalette="terracotta">
      <TabList
        label="Account type"
        idBase={base}
        tabs={ACCOUNT_TABS}
        selected={state.accountType}
        onSelect={(value) => setAccountType(value as AccountType)}
        panelId={() => panelId}
        fitted
        tabText={{ fontSize: 'xs', fontWeight: 'bold', letterSpacing: 'wide' }}
      />
      {/* The selected tab controls this panel (aria-controls); its fields are the tab stops, not the panel. */}
      <Box
        role="tabpanel"
        id={panelId}
        aria-labelledby={`${base}-tab-${state.accountType}`}
        tabIndex={-1}
        pt="6"
        _focus={{ outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  )
}

/**
 * The dialog's current step. The control that changed the step is often
 * gone with the old step, which leaves the focus nowhere: then the new step's
 * first field takes it. A control that stays (the account tabs, "Create one")
 * keeps it.
 */
function StepBody() {
  const { state } = useSignIn()
  const body = useRef<HTMLDivElement>(null)
  const shownStep = useRef(state.step)
  useEffect(() => {
    if (shownStep.current === state.step) return
    shownStep.current = state.step
    focusFirstField(body.current)
  }, [state.step])
  return (
    <Box ref={body}>
      <Step />
    </Box>
  )
}

function Step() {
  const { state, setStep, close } = useSignIn()
  const navigate = useNavigate()
  const location = useLocation()

  // Back to the page the user came from (the dialog's `from`, else the current page), replacing history.
  const finish = () => {
    const target = safeReturnPath(state.from || location.pathname + location.search)
    close()
    void navigate(target, { replace: true })
  }

  switch (state.step) {
    case 'emailLogin':
    case 'emailRegister': {
      const login = state.step === 'emailLogin'
      return (
        <EmailStep
          mode={login ? 'login' : 'register'}
          accountType={state.accountType}
          onSuccess={finish}
          onSwitch={() => setStep(login ? 'emailRegister' : 'emailLogin')}
          onMobile={() => setStep('mobile')}
        />
      )
    }
    default:
      return (
        <Stack gap="5">
          <Stack gap="1">
            <Dialog.Title fontSize="xl" color="brand.fg">
              {state.accountType === 'biz' ? 'Login or Create a MyBiz Account' : 'Login or Create Account'}
            </Dialog.Title>
            <Text fontSize="sm" color="fg.muted">
              {state.accountType === 'biz'
                ? 'Book and manage travel for your company in one place.'
                : 'Unlock member fares, faster checkout and your trips in one place.'}
            </Text>
          </Stack>
          <MobileStep
            from={state.from}
            accountType={state.accountType}
            onEmail={() => setStep('emailLogin')}
            onEmailNear={preloadEmailStep}
          />
        </Stack>
      )
  }
}

/**
 * The sign-in dialog. Closes on the close button, a click on the backdrop or
 * Escape, and locks page scrolling while open.
 */
export function SignInDialog() {
  const { state, close } = useSignIn()
  return (
    <Dialog.Root
      open={state.open}
      onOpenChange={(details) => {
        if (!details.open) close()
      }}
      size="xl"
      placement="center"
      preventScroll
      closeOnEscape
      closeOnInteractOutside
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content overflow="hidden" data-testid="sign-in-dialog" maxW={{ md: '3xl' }}>
            <Grid templateColumns={{ base: '1fr', md: '5fr 7fr' }} minH={{ md: '28rem' }}>
              <SignInCarousel />
              <Box p={{ base: '5', md: '8' }} pt={{ base: '5', md: '10' }}>
                <AccountTypeSwitch>
                  <StepBody />
                </AccountTypeSwitch>
              </Box>
            </Grid>
            <Dialog.CloseTrigger asChild top="2" insetEnd="2">
              <CloseButton size="sm" aria-label="Close" bg="bg.panel" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
