import { Alert } from '@chakra-ui/react/alert'
import { Button } from '@chakra-ui/react/button'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Money } from '@/components/ui/money'
import type { PriceChange } from '../../lib/booking'

interface PriceChangeNoticeProps {
  change: PriceChange
  onAccept(): void
  busy: boolean
}

/** A fare that moved: the old and the new price side by side, and nothing goes on until accepted. */
export function PriceChangeNotice({ change, onAccept, busy }: PriceChangeNoticeProps) {
  return (
    <Alert.Root status="warning" role="alert" data-testid="price-change">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The fare has changed.</Alert.Title>
        <Stack gap="2" mt="2">
          <HStack gap="8" wrap="wrap">
            <Text>
              Old fare:{' '}
              <strong>
                {change.oldPrice ? <Money amount={change.oldPrice} currency={change.currency} /> : 'not known'}
              </strong>
            </Text>
            <Text>
              New fare:{' '}
              <strong>
                {change.newPrice ? <Money amount={change.newPrice} currency={change.currency} /> : 'not known'}
              </strong>
            </Text>
          </HStack>
          <HStack>
            <Button colorPalette="terracotta" onClick={onAccept} disabled={busy}>
              Accept new fare
            </Button>
          </HStack>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  )
}
