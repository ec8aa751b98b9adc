import { Badge } from '@chakra-ui/react/badge'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'

/** The visa refund promise (spec 2.4), with its conditions a link away. */
export function PromoBanner() {
  return (
    <Flex
      as="section"
      aria-labelledby="refund-promo-heading"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'flex-start', md: 'center' }}
      justify="space-between"
      gap="4"
      p={{ base: '5', md: '7' }}
      rounded="xl"
      color="fg.onDark"
      bgGradient="to-r"
      gradientFrom="brand.800"
      gradientTo="brand.600"
    >
      <Stack gap="2">
        <Badge alignSelf="flex-start" colorPalette="terracotta" variant="solid" bg="terracotta.600">
          Visa promise
        </Badge>
        <Heading as="h2" id="refund-promo-heading" size={{ base: 'lg', md: 'xl' }}>
          Get 100% Refund in Case of Visa Rejection
        </Heading>
        <Text color="fg.onDarkMuted">
          *On select visas, terms apply. If the embassy refuses your visa, we refund the visa fee and our service
          charge.
        </Text>
      </Stack>
      <RouterLink to={paths.terms} color="fg.onDark" fontWeight="semibold" textDecoration="underline" flexShrink={0}>
        Read the terms
      </RouterLink>
    </Flex>
  )
}
