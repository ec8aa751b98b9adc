import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { Image } from '@chakra-ui/react/image'
import { List } from '@chakra-ui/react/list'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Wrap } from '@chakra-ui/react/wrap'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import {
  DEFAULT_EVENT_TYPE,
  DIFFERENTIATORS,
  EVENT_MANAGEMENT,
  EVENT_TYPE_CONTENT,
  KPIS,
  MICE_EVENT_TYPES,
  PARTNER_MARKS,
  PROCESS,
  SERVICES,
  TESTIMONIALS,
  type MiceEventType,
} from '../data/mice'

export const MICE_DESCRIPTION =
  'Meetings, incentive trips, conferences and exhibitions planned and run by Paryatan’s MICE team. Request a proposal.'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="5" aria-labelledby={id}>
      <Heading as="h2" size="xl" id={id} color="brand.fg">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

function CheckMark() {
  return (
    <Box as="span" color="green.600" aria-hidden="true" flexShrink={0} fontWeight="bold">
      ✓
    </Box>
  )
}

/** The event-type pills (spec 2.6): toggle buttons, one pressed; Meetings by default. */
export function EventTypePills({ value, onChange }: { value: MiceEventType; onChange: (t: MiceEventType) => void }) {
  return (
    <Wrap gap="2" role="group" aria-label="Event type">
      {MICE_EVENT_TYPES.map((t) => (
        <Button
          key={t}
          size="sm"
          rounded="full"
          colorPalette="brand"
          variant={t === value ? 'solid' : 'outline'}
          aria-pressed={t === value}
          onClick={() => onChange(t)}
        >
          {t}
        </Button>
      ))}
    </Wrap>
  )
}

interface MicePageProps {
  /** The 'Request a Proposal' form, for the event type picked on the page. */
  renderProposalForm: (eventType: MiceEventType) => ReactNode
}

/** /mice (spec 2.6): MICE services, with the proposal form at the end. */
export function MicePage({ renderProposalForm }: MicePageProps) {
  const [eventType, setEventType] = useState<MiceEventType>(DEFAULT_EVENT_TYPE)
  const content = EVENT_TYPE_CONTENT[eventType]
  return (
    <PageContainer>
      <Stack gap={{ base: '12', md: '16' }}>
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="8" alignItems="center">
          <Stack gap="5">
            <Text
              fontWeight="semibold"
              color="terracotta.fg"
              textTransform="uppercase"
              fontSize="sm"
              letterSpacing="wide"
            >
              MICE · Meetings, Incentives, Conferences, Exhibitions
            </Text>
            <PageHeading
              title={content.heading}
              documentTitle="MICE"
              description={MICE_DESCRIPTION}
              lead={content.lead}
            />
            <EventTypePills value={eventType} onChange={setEventType} />
            <Flex gap="3" wrap="wrap" align="center">
              <Button asChild colorPalette="terracotta">
                <Link to={paths.contact}>Book Now</Link>
              </Button>
              <Stack gap="1">
                <Text fontWeight="semibold" fontSize="sm">
                  Free Consultation
                </Text>
                <HStack gap="4" wrap="wrap">
                  <RouterLink
                    to={paths.conciergeShort({ from: 'mice' })}
                    color="brand.fg"
                    fontWeight="medium"
                    textDecoration="underline"
                  >
                    Talk to a concierge
                  </RouterLink>
                  <RouterLink to={paths.contact} color="brand.fg" fontWeight="medium" textDecoration="underline">
                    Message our team
                  </RouterLink>
                </HStack>
              </Stack>
            </Flex>
          </Stack>
          <Box rounded="xl" overflow="hidden" borderWidth="1px" aspectRatio={5 / 3} bg="brand.subtle">
            <Image src={content.image} alt={content.imageAlt} width="100%" height="100%" objectFit="cover" />
          </Box>
        </Grid>

        <Box as="section" aria-label="MICE in numbers">
          <Grid
            as="ul"
            listStyleType="none"
            templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }}
            gap="4"
            data-testid="mice-kpis"
          >
            {KPIS.map((k) => (
              <Card.Root as="li" key={k.value} variant="subtle" bg="brand.subtle">
                <Card.Body textAlign="center" py="5">
                  <Text fontSize="3xl" fontWeight="bold" color="brand.fg">
                    {k.value}
                  </Text>
                  <Text color="fg.muted">{k.label}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Grid>
        </Box>

        <Section id="mice-services" title="What we take care of">
          <List.Root
            as="ul"
            listStyleType="none"
            display="grid"
            gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}
            gap="3"
          >
            {SERVICES.map((s) => (
              <List.Item key={s} display="flex" gap="2" alignItems="baseline">
                <CheckMark />
                {s}
              </List.Item>
            ))}
          </List.Root>
        </Section>

        <Section id="mice-event-management" title="Event Management">
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="4">
            {EVENT_MANAGEMENT.map((item) => (
              <Card.Root key={item.title} variant="outline" bg="bg.card">
                <Card.Body gap="2">
                  <Heading as="h3" size="md">
                    {item.title}
                  </Heading>
                  <Text color="fg.muted">{item.text}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Grid>
        </Section>

        <Section id="mice-why" title="Why companies choose Paryatan">
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
            {DIFFERENTIATORS.map((d) => (
              <Flex key={d.title} gap="3" align="baseline">
                <CheckMark />
                <Box>
                  <Heading as="h3" size="md">
                    {d.title}
                  </Heading>
                  <Text color="fg.muted">{d.text}</Text>
                </Box>
              </Flex>
            ))}
          </Grid>
        </Section>

        <Section id="mice-process" title="How it works, in six steps">
          <Grid
            as="ol"
            listStyleType="none"
            templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
            gap="4"
            data-testid="mice-process"
          >
            {PROCESS.map((step, i) => (
              <Card.Root as="li" key={step.title} variant="outline" bg="bg.card">
                <Card.Body gap="1">
                  <Text fontWeight="bold" color="terracotta.fg" aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </Text>
                  <Heading as="h3" size="md">
                    <Box as="span" srOnly>{`Step ${i + 1}: `}</Box>
                    {step.title}
                  </Heading>
                  <Text color="fg.muted">{step.text}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Grid>
        </Section>

        <Section id="mice-testimonials" title="What our clients say">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {TESTIMONIALS.map((t) => (
              <Card.Root as="figure" key={t.name} variant="outline" bg="bg.card" m="0">
                <Card.Body gap="3">
                  <Box as="blockquote" fontSize="lg">
                    “{t.quote}”
                  </Box>
                  <Text as="figcaption" color="fg.muted">
                    <Text as="span" fontWeight="semibold" color="fg">
                      {t.name}
                    </Text>
                    , {t.role}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Grid>
        </Section>

        <Section id="mice-clients" title="Teams we have hosted">
          <Wrap gap="3" as="ul" listStyleType="none" data-testid="mice-logos">
            {PARTNER_MARKS.map((name) => (
              <Box
                as="li"
                key={name}
                px="4"
                py="2"
                borderWidth="1px"
                rounded="md"
                fontWeight="bold"
                color="fg.muted"
                letterSpacing="wide"
                bg="bg.card"
              >
                {name}
              </Box>
            ))}
          </Wrap>
        </Section>

        <Box as="section" id="proposal" aria-label="Request a Proposal" scrollMarginTop="24">
          {renderProposalForm(eventType)}
        </Box>
      </Stack>
    </PageContainer>
  )
}
