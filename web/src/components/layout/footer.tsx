import { Box } from '@chakra-ui/react/box'
import { Container } from '@chakra-ui/react/container'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import type { IconProps } from '@chakra-ui/react/icon'
import { Link } from '@chakra-ui/react/link'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ComponentType } from 'react'
import { Link as RouterDomLink } from 'react-router'
import {
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  MailIcon,
  PhoneIcon,
  XIcon,
  YouTubeIcon,
} from '@/components/ui/icons'
import { company, companyEmailHref, companyPhoneHref } from '@/config/company'
import { footerGroups } from '@/config/navigation'

// Social profiles are not live yet: these are labelled placeholders, not links.
const SOCIAL_PLACEHOLDERS: ReadonlyArray<{ label: string; Icon: ComponentType<IconProps> }> = [
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'Instagram', Icon: InstagramIcon },
  { label: 'X', Icon: XIcon },
  { label: 'LinkedIn', Icon: LinkedInIcon },
  { label: 'YouTube', Icon: YouTubeIcon },
]

export function Footer() {
  const year = new Date().getFullYear()
  return (
    <Box as="footer" bg="bg.footer" color="fg.onDarkMuted" mt="auto">
      <Container maxW="7xl" py={{ base: '10', md: '14' }}>
        <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '10', lg: '16' }}>
          <Stack gap="4" maxW={{ lg: 'xs' }}>
            <Text fontSize="xl" fontWeight="extrabold" color="fg.onDark">
              Paryatan
            </Text>
            <Text fontSize="sm">
              Flights, hotels, visas, holidays, cruises and corporate travel for travellers across India, with a
              concierge when you need one.
            </Text>
            <Stack gap="2" fontSize="sm">
              <Link href={companyPhoneHref} color="fg.onDark" aria-label={`Call us on ${company.phone}`}>
                <PhoneIcon boxSize="4" /> {company.phone}
              </Link>
              <Link href={companyEmailHref} color="fg.onDark" aria-label={`E-mail us at ${company.email}`}>
                <MailIcon boxSize="4" /> {company.email}
              </Link>
            </Stack>
            <Box>
              <Text fontSize="xs" textTransform="uppercase" letterSpacing="wider" mb="2">
                Follow us (coming soon)
              </Text>
              <HStack gap="2" data-testid="social-placeholders">
                {SOCIAL_PLACEHOLDERS.map(({ label, Icon }) => (
                  <Box
                    as="span"
                    key={label}
                    role="img"
                    aria-label={label}
                    title={`${label} (coming soon)`}
                    display="inline-flex"
                    alignItems="center"
                    justifyContent="center"
                    boxSize="9"
                    rounded="full"
                    bg="whiteAlpha.100"
                    color="fg.onDark"
                  >
                    <Icon boxSize="4" />
                  </Box>
                ))}
              </HStack>
            </Box>
          </Stack>

          <SimpleGrid as="nav" aria-label="Footer" columns={{ base: 2, md: 4 }} gap="8" flex="1">
            {footerGroups.map((group) => (
              <Stack key={group.title} gap="3">
                <Heading as="h2" size="sm" color="fg.onDark">
                  {group.title}
                </Heading>
                <Stack as="ul" gap="2" listStyleType="none" fontSize="sm">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link asChild color="fg.onDarkMuted" _hover={{ color: 'fg.onDark' }}>
                        <RouterDomLink to={link.to}>{link.label}</RouterDomLink>
                      </Link>
                    </li>
                  ))}
                </Stack>
              </Stack>
            ))}
          </SimpleGrid>
        </Flex>
        <Box borderTopWidth="1px" borderColor="whiteAlpha.200" mt="10" pt="6">
          <Text fontSize="xs" data-testid="copyright">
            © {year} {company.name}. All rights reserved.
          </Text>
        </Box>
      </Container>
    </Box>
  )
}
