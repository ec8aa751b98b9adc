import { Heading } from '@chakra-ui/react/heading'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { RouterLink } from '@/components/ui/router-link'
import { CHIP_GROUPS } from '../data/chips'

/** Quick links by theme: visas, holiday ideas, airlines, routes, blogs, customer care (spec 2.4). */
export function ChipGroups() {
  return (
    <chakra.section aria-labelledby="quick-links-heading">
      <Heading as="h2" id="quick-links-heading" size="xl" color="brand.fg" mb="5">
        Quick links
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        {CHIP_GROUPS.map((group) => (
          <Stack key={group.title} as="nav" aria-label={group.title} gap="3">
            <Heading as="h3" size="sm" color="fg" textTransform="uppercase" letterSpacing="wide">
              {group.title}
            </Heading>
            <chakra.ul listStyleType="none" display="flex" flexWrap="wrap" gap="2">
              {group.links.map((link) => (
                <chakra.li key={link.to}>
                  <RouterLink
                    to={link.to}
                    display="inline-block"
                    px="3"
                    py="1.5"
                    fontSize="sm"
                    rounded="full"
                    borderWidth="1px"
                    borderColor="brand.emphasized"
                    bg="bg.card"
                    color="brand.fg"
                    _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
                  >
                    {link.label}
                  </RouterLink>
                </chakra.li>
              ))}
            </chakra.ul>
          </Stack>
        ))}
      </SimpleGrid>
    </chakra.section>
  )
}
