import { Box } from '@chakra-ui/react/box'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { PageHeading } from '@/components/ui/page-heading'

export const PLACEHOLDERS = {
  trips: 'Your upcoming and past bookings will appear here.',
  wallet: 'Your wallet balance, credits and vouchers will appear here.',
  payments: 'No payments yet. Your payments and refunds will appear here.',
  wishlist: 'Your saved trips and hotels will appear here.',
} as const

/** The note an account page shows while it has nothing to list. */
export function PlaceholderNote({ children }: { children: string }) {
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" rounded="l3" bg="bg.card" p="8">
      <Text color="fg.muted" textAlign="center">
        {children}
      </Text>
    </Box>
  )
}

/** An account page that has nothing to show yet (product spec 2.16). */
export function AccountPlaceholderPage({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap="6">
      <PageHeading title={title} />
      <PlaceholderNote>{message}</PlaceholderNote>
    </Stack>
  )
}
