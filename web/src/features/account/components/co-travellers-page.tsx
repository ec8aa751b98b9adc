import { Button, CloseButton } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Dialog } from '@chakra-ui/react/dialog'
import { Flex } from '@chakra-ui/react/flex'
import { Portal } from '@chakra-ui/react/portal'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageHeading } from '@/components/ui/page-heading'
import { useDeleteCoTraveller } from '../api/delete-co-traveller'
import { useCoTravellers } from '../api/get-co-travellers'
import type { CoTraveller } from '../types'
import { coTravellerDetail, coTravellerName, toCoTravellerForm } from '../utils/co-traveller-fields'
import { CoTravellerDialog } from './co-traveller-dialog'

export const NO_CO_TRAVELLERS = 'No co-travellers yet.'
export const REMOVE_CONFIRM = 'Remove this co-traveller?'

function RemoveDialog({
  coTraveller,
  onCancel,
  onConfirm,
}: {
  coTraveller: CoTraveller | null
  onCancel: () => void
  onConfirm: (c: CoTraveller) => void
}) {
  return (
    <Dialog.Root
      open={coTraveller !== null}
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
      role="alertdialog"
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{REMOVE_CONFIRM}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{coTraveller ? coTravellerName(coTraveller) : null}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={() => coTraveller && onConfirm(coTraveller)}>
                Remove
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** Co-Travellers: the people the user books for, added, edited and removed in place. */
export function CoTravellersPage() {
  const list = useCoTravellers()
  const remove = useDeleteCoTraveller()
  const [editing, setEditing] = useState<CoTraveller | null>(null)
  const [removing, setRemoving] = useState<CoTraveller | null>(null)

  let body
  if (list.isPending) {
    body = <Skeleton height="24" />
  } else if (list.isError) {
    body = <ErrorBanner message={list.error.message} />
  } else if (list.data.length === 0) {
    body = <Text color="fg.muted">{NO_CO_TRAVELLERS}</Text>
  } else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Co-travellers">
        {list.data.map((c) => {
          const name = coTravellerName(c)
          const detail = coTravellerDetail(c)
          return (
            <Card.Root as="li" key={c._id} variant="outline" bg="bg.card">
              <Card.Body py="3">
                <Flex gap="3" align="center" justify="space-between" wrap="wrap">
                  <Stack gap="0">
                    <Text fontWeight="semibold">{name}</Text>
                    {detail ? (
                      <Text fontSize="sm" color="fg.muted">
                        {detail}
                      </Text>
                    ) : null}
                  </Stack>
                  <HStack gap="2">
                    <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={() => setEditing(c)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Delete ${name}`}
                      onClick={() => setRemoving(c)}
                    >
                      Delete
                    </Button>
                  </HStack>
                </Flex>
              </Card.Body>
            </Card.Root>
          )
        })}
      </Stack>
    )
  }

  return (
    <Stack gap="6">
      <Flex gap="4" align="center" justify="space-between" wrap="wrap">
        <PageHeading title="Co-Travellers" />
        <Button colorPalette="terracotta" onClick={() => setEditing(toCoTravellerForm(null))}>
          + Add
        </Button>
      </Flex>
      {remove.isError ? <ErrorBanner message={remove.error.message} /> : null}
      {body}
      <CoTravellerDialog coTraveller={editing} onClose={() => setEditing(null)} />
      <RemoveDialog
        coTraveller={removing}
        onCancel={() => setRemoving(null)}
        onConfirm={(c) => {
          setRemoving(null)
          if (c._id) remove.mutate(c._id)
        }}
      />
    </Stack>
  )
}
