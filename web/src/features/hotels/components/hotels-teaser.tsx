import { Badge } from '@chakra-ui/react/badge'
import { Card } from '@chakra-ui/react/card'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { CardImage } from '@/components/ui/card-image'
import elegantStays from '../assets/elegant-stays.svg'
import modernComfort from '../assets/modern-comfort.svg'
import smartTravel from '../assets/smart-travel.svg'

interface Feature {
  title: string
  body: string
  image: string
  imageAlt: string
}

export const HOTEL_FEATURES: readonly Feature[] = [
  {
    title: 'Elegant stays',
    body: 'Heritage palaces, boutique retreats and trusted business hotels, each picked for character and care.',
    image: elegantStays,
    imageAlt: 'A palace hotel at dusk',
  },
  {
    title: 'Modern comfort',
    body: 'Clean rooms, good sleep and dependable Wi-Fi, with the amenities you filter for shown up front.',
    image: modernComfort,
    imageAlt: 'A calm, modern hotel room',
  },
  {
    title: 'Smart travel',
    body: 'Hotels that fit your flights and visa plans, with bookings and invoices kept together in your account.',
    image: smartTravel,
    imageAlt: 'A suitcase and a phone with a booking',
  },
]

export function HotelsTeaser() {
  return (
    <Stack gap="10">
      <Stack gap="3" maxW="2xl">
        <Badge alignSelf="flex-start" colorPalette="terracotta" variant="subtle" size="lg">
          Coming soon
        </Badge>
        <Text fontSize="lg" color="fg.muted">
          Hotel booking on Paryatan is coming soon. Soon you will be able to search, compare and book stays across India
          and abroad, right next to your flights.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {HOTEL_FEATURES.map((feature) => (
          <Card.Root key={feature.title} overflow="hidden" variant="elevated" bg="bg.card">
            <CardImage src={feature.image} alt={feature.imageAlt} />
            <Card.Body gap="2">
              <Card.Title as="h2" color="brand.fg">
                {feature.title}
              </Card.Title>
              <Card.Description>{feature.body}</Card.Description>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
