import { Card } from '@chakra-ui/react/card'
import { Field } from '@chakra-ui/react/field'
import { Grid } from '@chakra-ui/react/grid'
import { Input } from '@chakra-ui/react/input'
import { Link } from '@chakra-ui/react/link'
import { List } from '@chakra-ui/react/list'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { findCheckinAirlines, type CheckinAirline } from '../data/checkin'
import { HelpSection } from './section'

function AirlineCard({ airline }: { airline: CheckinAirline }) {
  return (
    <Card.Root as="li" variant="outline" bg="bg.card" data-testid="checkin-airline">
      <Card.Body gap="2">
        <Text as="h3" fontWeight="bold" color="brand.fg">
          {airline.name}{' '}
          <Text as="span" fontWeight="normal" color="fg.muted">
            ({airline.code})
          </Text>
        </Text>
        <Text fontSize="sm">{airline.window}</Text>
        <Link
          href={airline.url}
          target="_blank"
          rel="noopener noreferrer"
          color="brand.fg"
          textDecoration="underline"
          fontWeight="semibold"
          mt="auto"
        >
          Check in on the {airline.name} website{' '}
          <Text as="span" srOnly>
            (opens in a new tab)
          </Text>
        </Link>
      </Card.Body>
    </Card.Root>
  )
}

function AirlineList({ id, title, airlines }: { id: string; title: string; airlines: readonly CheckinAirline[] }) {
  if (airlines.length === 0) return null
  return (
    <HelpSection id={id} title={title}>
      <Grid
        as="ul"
        listStyleType="none"
        templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }}
        gap="4"
      >
        {airlines.map((a) => (
          <AirlineCard key={a.code} airline={a} />
        ))}
      </Grid>
    </HelpSection>
  )
}

/** /checkin: each airline's own web check-in page, and what to have ready. */
export function CheckinPage() {
  const [query, setQuery] = useState('')
  const found = findCheckinAirlines(query)
  return (
    <PageContainer>
      <Stack gap="8">
        <PageHeading
          title="Web check-in"
          description="Web check-in links for IndiGo, Air India, Akasa Air, SpiceJet, Emirates and more, with when check-in opens and what to keep ready."
          lead="Check in on your airline’s own website or app with your PNR and last name. Booked with Paryatan? Your PNR is on your e-ticket and in My Trips."
        />

        <Card.Root as="section" aria-labelledby="before-you-check-in" variant="subtle" bg="brand.subtle">
          <Card.Body gap="3">
            <Text as="h2" id="before-you-check-in" fontSize="lg" fontWeight="bold" color="brand.fg">
              Before you check in
            </Text>
            <List.Root ps="5" gap="1.5">
              <List.Item>
                Keep the airline PNR (six letters and numbers) and the last name exactly as on the ticket. Find both in{' '}
                <RouterLink to={paths.trips} color="brand.fg" textDecoration="underline">
                  My Trips
                </RouterLink>
                .
              </List.Item>
              <List.Item>
                Indian airlines charge for check-in at the airport counter on many fares: web check-in is free, and free
                seats are assigned at random.
              </List.Item>
              <List.Item>
                For international flights, have every traveller’s passport and visa details ready; some airlines still
                check documents at the counter.
              </List.Item>
              <List.Item>
                Save or print the boarding pass. With DigiYatra at participating Indian airports you can walk through
                with your face instead.
              </List.Item>
            </List.Root>
          </Card.Body>
        </Card.Root>

        <Field.Root maxW="md">
          <Field.Label>Find your airline</Field.Label>
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Airline name or code, e.g. IndiGo or 6E"
            autoComplete="off"
          />
        </Field.Root>
        <Text role="status" color="fg.muted">
          {found.length === 0
            ? `No airline matches “${query.trim()}”. Check the airline’s own website, or ask us.`
            : found.length === 1
              ? '1 airline'
              : `${found.length} airlines`}
        </Text>

        <AirlineList
          id="indian-airlines"
          title="Indian airlines"
          airlines={found.filter((a) => a.kind === 'domestic')}
        />
        <AirlineList
          id="international-airlines"
          title="International airlines"
          airlines={found.filter((a) => a.kind === 'international')}
        />

        <Text color="fg.muted" fontSize="sm">
          Times are the airlines’ usual rules for flights from India and change from time to time: the airline’s site
          has the last word. Stuck?{' '}
          <RouterLink to={paths.contact} color="brand.fg" textDecoration="underline">
            Contact us
          </RouterLink>{' '}
          and we will check you in.
        </Text>
      </Stack>
    </PageContainer>
  )
}
