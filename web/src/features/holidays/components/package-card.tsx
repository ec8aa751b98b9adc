import { Badge } from '@chakra-ui/react/badge'
import { Card } from '@chakra-ui/react/card'
import { LinkBox, LinkOverlay } from '@chakra-ui/react/link'
import { Text } from '@chakra-ui/react/text'
import { Link } from 'react-router'
import { CardImage } from '@/components/ui/card-image'
import { ReadAs } from '@/components/ui/money'
import type { HolidayPackage } from '../data/packages'
import { formatRupees, spokenRupees } from '../lib/price'

/** A package: its picture, scope, title, what is included and the 'From' price; the card asks the concierge. */
export function PackageCard({ item }: { item: HolidayPackage }) {
  return (
    <LinkBox asChild>
      <Card.Root
        as="li"
        overflow="hidden"
        variant="elevated"
        bg="bg.card"
        transition="box-shadow 0.2s"
        _hover={{ shadow: 'lg' }}
        _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
        data-testid="package-card"
      >
        <CardImage src={item.image} alt="" height="40" />
        <Card.Body gap="2" p="4">
          <Badge alignSelf="flex-start" colorPalette={item.scope === 'International' ? 'brand' : 'terracotta'}>
            {item.scope}
          </Badge>
          <Card.Title as="h3" color="brand.fg" fontSize="lg">
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <Link to={item.href}>{item.title}</Link>
            </LinkOverlay>
          </Card.Title>
          <Card.Description color="fg.muted">{item.subtitle}</Card.Description>
        </Card.Body>
        <Card.Footer px="4" pb="4" pt="0">
          <Text color="fg">
            <ReadAs words={`From ${spokenRupees(item.price)} per person`}>
              From{' '}
              <Text as="span" fontWeight="bold" fontSize="lg" color="brand.fg">
                {formatRupees(item.price)}
              </Text>{' '}
              <Text as="span" fontSize="sm" color="fg.muted">
                per person
              </Text>
            </ReadAs>
          </Text>
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  )
}
