import { Badge } from '@chakra-ui/react/badge'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import { CardImage } from '@/components/ui/card-image'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { OFFER_TYPES, OFFERS, type Offer } from '../data/offers'
import { DEFAULT_OFFER_FILTER, filterOffers, offerConciergeHref, type OfferFilter } from '../lib/offers'

const FILTERS: readonly OfferFilter[] = ['All', ...OFFER_TYPES]

function OfferCard({ offer }: { offer: Offer }) {
  return (
    <Card.Root as="li" overflow="hidden" variant="outline" bg="bg.card" position="relative" data-testid="offer-card">
      <CardImage src={offer.image} alt="" height="36" />
      <Card.Body gap="2" p="5">
        <Badge alignSelf="flex-start" colorPalette="brand" variant="subtle">
          {offer.type}
        </Badge>
        <Heading as="h3" size="md" color="brand.fg">
          <RouterLink
            to={offerConciergeHref(offer.title)}
            color="brand.fg"
            _before={{ content: '""', position: 'absolute', inset: '0' }}
          >
            {offer.title}
          </RouterLink>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {offer.subtitle}
        </Text>
        {offer.code ? (
          <Text fontSize="sm">
            Use code{' '}
            <chakra.strong fontFamily="mono" color="accent.fg" letterSpacing="wide">
              {offer.code}
            </chakra.strong>
          </Text>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          {offer.terms}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

const MYBIZ_POINTS = [
  {
    title: 'GST invoices',
    body: 'Every flight and hotel billed with your company’s GSTIN, so input tax credit is one download away.',
  },
  {
    title: 'Central billing',
    body: 'One monthly statement for all your travellers, paid from a company wallet or on credit terms.',
  },
  {
    title: 'Travel policy',
    body: 'Set cabin, fare and hotel limits once; bookings outside the policy wait for an approver.',
  },
  {
    title: 'One team to call',
    body: 'A corporate desk for group bookings, offsites and last-minute changes, every day of the week.',
  },
] as const

export interface OffersPageProps {
  /** Opens the sign-in dialog on the MyBiz account type; absent for a signed-in traveller. */
  onBusinessSignIn?: () => void
}

/** /offers (spec 2.8): filtered offer cards, the MyBiz explainer and a way to a concierge. */
export function OffersPage({ onBusinessSignIn }: OffersPageProps) {
  const [filter, setFilter] = useState<OfferFilter>(DEFAULT_OFFER_FILTER)
  const shown = filterOffers(OFFERS, filter)

  return (
    <PageContainer>
      <Stack gap={{ base: '8', md: '12' }}>
        <Box>
          <PageHeading
            title="Offers"
            description="Current Paryatan offers on flights, hotels and holidays, with coupon codes, visa refund cover and corporate travel benefits."
            lead="Savings on flights, hotels and holidays, and what MyBiz does for company travel."
          />
        </Box>

        <Stack as="section" aria-labelledby="offers-list-heading" gap="5">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" id="offers-list-heading" size="xl" color="brand.fg">
              Current offers
            </Heading>
            <Flex role="group" aria-label="Filter offers" gap="2" wrap="wrap">
              {FILTERS.map((value) => (
                <Button
                  key={value}
                  size="sm"
                  rounded="full"
                  colorPalette="brand"
                  variant={filter === value ? 'solid' : 'outline'}
                  aria-pressed={filter === value}
                  onClick={() => setFilter(value)}
                >
                  {value}
                </Button>
              ))}
            </Flex>
          </Flex>
          <Text srOnly aria-live="polite">
            {shown.length === 1 ? '1 offer' : `${shown.length} offers`} shown
          </Text>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="5">
            {shown.map((offer) => (
              <OfferCard key={offer.title} offer={offer} />
            ))}
          </SimpleGrid>
        </Stack>

        <Stack
          as="section"
          aria-labelledby="mybiz-heading"
          gap="5"
          p={{ base: '5', md: '8' }}
          rounded="xl"
          bg="brand.subtle"
          borderWidth="1px"
          borderColor="brand.muted"
        >
          <Stack gap="2" maxW="3xl">
            <Heading as="h2" id="mybiz-heading" size="xl" color="brand.fg">
              Corporate travel with MyBiz
            </Heading>
            <Text color="fg.muted">
              MyBiz is Paryatan for companies: your employees book flights and hotels at the same fares, and finance
              gets clean GST paperwork. Sign in with Business at the top of any page, or ask a concierge to set up your
              company.
            </Text>
          </Stack>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="4">
            {MYBIZ_POINTS.map((point) => (
              <chakra.li key={point.title} bg="bg.card" rounded="lg" p="4" borderWidth="1px" borderColor="border.muted">
                <Heading as="h3" size="sm" color="brand.fg">
                  {point.title}
                </Heading>
                <Text fontSize="sm" color="fg.muted" mt="1">
                  {point.body}
                </Text>
              </chakra.li>
            ))}
          </SimpleGrid>
          <Flex gap="3" wrap="wrap">
            <Button asChild colorPalette="terracotta" bg="terracotta.600" _hover={{ bg: 'terracotta.700' }}>
              <RouterLink to={offerConciergeHref()} color="terracotta.contrast" _hover={{ textDecoration: 'none' }}>
                Speak to a Concierge
              </RouterLink>
            </Button>
            {onBusinessSignIn ? (
              <Button variant="outline" colorPalette="brand" onClick={onBusinessSignIn}>
                Sign in to MyBiz
              </Button>
            ) : null}
          </Flex>
        </Stack>
      </Stack>
    </PageContainer>
  )
}
