import { CloseButton } from '@chakra-ui/react/button'
import { Dialog } from '@chakra-ui/react/dialog'
import { Portal } from '@chakra-ui/react/portal'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { MobileNumberForm } from './mobile-number-form'

interface MobileOtpDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
}

/**
 * Mobile verification by one-time code for a signed-in user: the sign-in
 * dialog's mobile step on its own, with the same answer until codes are sent.
 */
export function MobileOtpDialog({ open, onOpenChange }: MobileOtpDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="mobile-otp-dialog">
            <Dialog.Header>
              <Stack gap="1">
                <Dialog.Title color="brand.fg">Verify your mobile number</Dialog.Title>
                <Text fontSize="sm" color="fg.muted">
                  We will send a one-time code to this number.
                </Text>
              </Stack>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <MobileNumberForm />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
