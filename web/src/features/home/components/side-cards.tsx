import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Heading } from '@chakra-ui/react/heading'
import type { IconProps } from '@chakra-ui/react/icon'
import { Link } from '@chakra-ui/react/link'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { HStack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import type { ComponentType, ReactNode } from 'react'
import { InstagramIcon, MailIcon, XIcon } from '@/components/ui/icons'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { READABLE_TERRACOTTA } from './readable-terracotta'
import { company } from '@/config/company'
import { mailtoHref } from '../lib/links'

export const INSTAGRAM_URL = 'https://www.instagram.com/paryatan'
export const X_URL = 'https://x.com/paryatan'
export const SUBSCRIBE_HREF = mailtoHref(company.email, 'Subscribe me to Paryatan offers')

export interface MyTripProps {
  /** A signed-in traveller goes straight to My Trips. */
  signedIn: boolean
  /** A visitor is asked to sign in first. */
  onSignIn(): void
}

interface StayInTouch {
  title: string
  body: string
  label: string
  href: string
  external: boolean
  Icon: ComponentType<IconProps>
}

const STAY_IN_TOUCH: readonly StayInTouch[] = [
  {
    title: 'Follow us on Instagram',
    body: 'Reels of new routes, fare drops and holiday ideas.',
    label: 'Paryatan on Instagram',
    href: INSTAGRAM_URL,
    external: true,
    Icon: InstagramIcon,
  },
  {
    title: 'Follow us on X',
    body: 'Flight alerts, visa rule changes and flash sales as they happen.',
    label: 'Paryatan on X',
    href: X_URL,
    external: true,
    Icon: XIcon,
  },
  {
    title: 'Offers by e-mail',
    body: 'One e-mail a week with the best fares and package deals. No spam.',
    label: 'Subscribe to offers',
    href: SUBSCRIBE_HREF,
    external: false,
    Icon: MailIcon,
  },
]

const HELP = [
  {
    title: 'Baggage and contact info',
    body: 'Cabin and check-in allowances by airline, and how to reach us.',
    label: 'See baggage and contact info',
    to: paths.info,
  },
  {
    title: 'FAQ',
    body: 'Cancellations, refunds, date changes and payments, answered.',
    label: 'Read the FAQ',
    to: paths.faq,
  },
  {
    title: 'Travel Inspiration',
    body: 'Guides to visas, monsoon getaways, cruises and company offsites.',
    label: 'Read travel guides',
    to: paths.blogs(),
  },
] as const

function SideCard({ title, children, ...rest }: { title: string; children: ReactNode } & Card.RootProps) {
  return (
    <Card.Root variant="outline" bg="bg.card" size="sm" {...rest}>
      <Card.Body gap="2">
        <Heading as="h3" size="md" color="brand.fg">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  )
}

/** Follow, subscribe, reprint a ticket and find help (spec 2.4). */
export function SideCards({ myTrip }: { myTrip: MyTripProps }) {
  return (
    <chakra.section aria-labelledby="side-cards-heading">
      <Heading as="h2" id="side-cards-heading" size="xl" color="brand.fg" mb="5">
        Stay in touch and get help
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <SideCard title="Reprint ticket" gridColumn={{ sm: 'span 2' }} bg="brand.subtle" borderColor="brand.muted">
          <Text fontSize="sm" color="fg.muted">
            Lost your e-ticket? Open the booking in My Trips to download or print it again.
          </Text>
          {myTrip.signedIn ? (
            <Button asChild colorPalette="terracotta" size="sm" alignSelf="flex-start" {...READABLE_TERRACOTTA}>
              <RouterLink to={paths.trips} color="terracotta.contrast" _hover={{ textDecoration: 'none' }}>
                MY TRIP
              </RouterLink>
            </Button>
          ) : (
            <Button
              colorPalette="terracotta"
              size="sm"
              alignSelf="flex-start"
              onClick={myTrip.onSignIn}
              {...READABLE_TERRACOTTA}
            >
              MY TRIP
            </Button>
          )}
        </SideCard>
        {STAY_IN_TOUCH.map(({ title, body, label, href, external, Icon }) => (
          <SideCard key={title} title={title}>
            <Text fontSize="sm" color="fg.muted">
              {body}
            </Text>
            <Link
              href={href}
              color="brand.fg"
              fontWeight="semibold"
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <HStack as="span" gap="2">
                <Icon boxSize="4" />
                <span>{label}</span>
                {external ? <chakra.span srOnly>(opens in a new tab)</chakra.span> : null}
              </HStack>
            </Link>
          </SideCard>
        ))}
        {HELP.map((item) => (
          <SideCard key={item.to} title={item.title}>
            <Text fontSize="sm" color="fg.muted">
              {item.body}
            </Text>
            <RouterLink to={item.to} color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
              {item.label}
            </RouterLink>
          </SideCard>
        ))}
      </SimpleGrid>
    </chakra.section>
  )
}
