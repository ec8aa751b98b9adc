import { Alert } from '@chakra-ui/react/alert'
import { Badge } from '@chakra-ui/react/badge'
import { Box } from '@chakra-ui/react/box'
import { Card } from '@chakra-ui/react/card'
import { DataList } from '@chakra-ui/react/data-list'
import { Heading } from '@chakra-ui/react/heading'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Money } from '@/components/ui/money'
import type { Cancellation, CancellationTicket } from '@/lib/api-types'
import { formatIndiaDateTime } from '@/lib/india-time'
import { cancellationAmounts, cancellationStatusId, isCancellationOpen } from '../../lib/cancellation'

function statusPalette(c: Cancellation): string {
  if (c.status === 'cancelled') return 'green'
  if (c.status === 'refused') return 'red'
  return 'orange'
}

const TICKET_PALETTES: Record<string, string> = {
  Cancelled: 'green',
  'Refused by the airline': 'red',
}

function TicketLine({ ticket }: { ticket: CancellationTicket }) {
  return (
    <Box as="li" data-testid="cancellation-ticket">
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium">{ticket.name}</Text>
        <Badge colorPalette={TICKET_PALETTES[ticket.status] ?? 'orange'} variant="subtle">
          {ticket.status}
        </Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">{`Ticket number ${ticket.ticketNumber}`}</Text>
      {ticket.creditNote ? <Text fontSize="sm" color="fg.muted">{`Credit note ${ticket.creditNote}`}</Text> : null}
    </Box>
  )
}

/** One amount of a cancellation's charge and refund, the amount at the end of its line. */
export function AmountItem({
  label,
  amount,
  currency,
  testId,
}: {
  label: string
  amount: string
  currency: string
  testId?: string
}) {
  return (
    <DataList.Item>
      <DataList.ItemLabel flex="1">{label}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight="medium" flex="0 0 auto" justifyContent="flex-end">
        <Money amount={amount} currency={currency} testId={testId} />
      </DataList.ItemValue>
    </DataList.Item>
  )
}

function CancellationCard({ cancellation: c }: { cancellation: Cancellation }) {
  const amounts = cancellationAmounts(c)
  const asked = formatIndiaDateTime(c.createdAt)
  const done = formatIndiaDateTime(c.doneAt)
  const headingId = `cancellation-${c._id}`
  const count = c.tickets.length
  return (
    <Card.Root as="li" variant="outline" bg="bg.card" data-testid="cancellation" aria-labelledby={headingId}>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h3" size="md" id={headingId}>
            {c.whole ? 'Whole booking' : count === 1 ? '1 traveller' : `${count} travellers`}
          </Heading>
          {asked ? <Text fontSize="sm" color="fg.muted">{`Asked on ${asked}`}</Text> : null}
        </Stack>
        {/* Where focus lands once the cancellation is made; the page reads it again while the airline works, and this says what changed. */}
        <HStack
          id={cancellationStatusId(c._id)}
          tabIndex={-1}
          role="status"
          gap="2"
          wrap="wrap"
          data-testid="cancellation-status"
          outlineOffset="2px"
        >
          <Text>{'Status: '}</Text>
          <Badge colorPalette={statusPalette(c)} variant="subtle" size="lg">
            {c.statusText}
          </Badge>
          {c.status === 'cancelled' && done ? (
            <Text fontSize="sm" color="fg.muted">
              {done}
            </Text>
          ) : null}
        </HStack>
        {c.status === 'refused' ? (
          <Alert.Root status="error" variant="subtle" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Cancellation refused</Alert.Title>
              <Alert.Description>{c.failure || 'The airline refused the cancellation.'}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Travellers">
          {c.tickets.map((t) => (
            <TicketLine key={t.ticketId} ticket={t} />
          ))}
        </Stack>
        {c.status === 'refused' ? null : (
          <Stack gap="2">
            <DataList.Root orientation="horizontal" gap="2" data-testid="cancellation-amounts">
              <AmountItem
                label={amounts.final ? "Airline's charge" : "Airline's charge (quoted)"}
                amount={amounts.charge}
                currency={c.currency}
              />
              <AmountItem label="Our fee" amount={c.fee} currency={c.currency} />
              <AmountItem
                label={amounts.final ? 'Refund' : 'Refund (quoted)'}
                amount={amounts.refund}
                currency={c.currency}
                testId="cancellation-refund"
              />
            </DataList.Root>
            {isCancellationOpen(c) ? (
              <Text fontSize="sm" color="fg.muted">
                The airline confirms the final amounts when it cancels the tickets.
              </Text>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
}

/** A booking's cancellations, the latest first: where each stands, its travellers, and its charge and refund. */
export function CancellationList({ cancellations }: { cancellations: Cancellation[] }) {
  if (cancellations.length === 0) return null
  const latestFirst = [...cancellations].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
  return (
    <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Cancellations">
      {latestFirst.map((c) => (
        <CancellationCard key={c._id} cancellation={c} />
      ))}
    </Stack>
  )
}
