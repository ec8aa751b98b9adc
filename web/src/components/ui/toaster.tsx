import { Portal } from '@chakra-ui/react/portal'
import { Stack } from '@chakra-ui/react/stack'
import { Toaster as ChakraToaster, createToaster, Toast } from '@chakra-ui/react/toast'
import { useEffect } from 'react'

/** The app's toast queue; `toaster.create({type, title})` shows one where <Toaster /> is mounted. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true })

let mountedToasters = 0

/** Whether a <Toaster /> is on the page to show toasts; without one, callers fall back to an alert. */
export function hasToaster(): boolean {
  return mountedToasters > 0
}

/** Where toasts appear. Mount once, in the root layout. */
export function Toaster() {
  useEffect(() => {
    mountedToasters += 1
    return () => {
      mountedToasters -= 1
    }
  }, [])
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  )
}
