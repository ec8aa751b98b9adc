import { Dialog } from '@chakra-ui/react/dialog'
import { Icon } from '@chakra-ui/react/icon'
import { Portal } from '@chakra-ui/react/portal'
import { Spinner } from '@chakra-ui/react/spinner'
import { HStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'

export const SAVING_PROFILE = 'Saving your profile…'
export const PROFILE_UPDATED = 'Your Profile has been updated.'

export type ProfileSavePhase = 'idle' | 'saving' | 'saved'

/** The modal shown while the profile saves and once it has (the page then reloads). */
export function ProfileSaveDialog({ phase }: { phase: ProfileSavePhase }) {
  return (
    <Dialog.Root
      open={phase !== 'idle'}
      role="alertdialog"
      placement="center"
      size="xs"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-live="polite">
            <Dialog.Body py="8">
              <HStack gap="3" justify="center">
                {phase === 'saving' ? (
                  <Spinner size="sm" color="accent.solid" />
                ) : (
                  <Icon boxSize="5" color="fg.success" aria-hidden>
                    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
                      <path d="m5 12.5 4.5 4.5L19 7.5" />
                    </svg>
                  </Icon>
                )}
                <Dialog.Title asChild>
                  <Text fontWeight="semibold" fontSize="md">
                    {phase === 'saving' ? SAVING_PROFILE : PROFILE_UPDATED}
                  </Text>
                </Dialog.Title>
              </HStack>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
