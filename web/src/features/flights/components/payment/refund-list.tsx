import { Box } from '@chakra-ui/react/box'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { Refund } from '@/lib/api-types'
import { Money } from '@/components/ui/money'
import { refundStatusLabel } from '@/lib/payment-status'

/** A booking's refunds, each as "₹{amount}: {where it is}". */
export function RefundList({ refunds }: { refunds: Refund[] }) {
  if (refunds.length === 0) return null
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label="Refunds">
      {refunds.map((r) => (
        <Box as="li" key={r._id} data-testid="refund">
          <Text>
            <Money amount={r.amount} currency={r.currency} />
            {`: ${refundStatusLabel(r.status)}`}
          </Text>
        </Box>
      ))}
    </Stack>
  )
}
