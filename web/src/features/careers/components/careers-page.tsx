import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { Link } from '@chakra-ui/react/link'
import { List } from '@chakra-ui/react/list'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { applyHref, CAREERS_EMAIL, ROLES, teamsWithRoles, type Role, type Team } from '../data/roles'

const REASONS = [
  {
    title: 'Work that travellers feel',
    text: 'A fix shipped on Monday is a family that boards on time on Friday. Small teams, short paths from idea to traveller.',
  },
  {
    title: 'Travel, properly',
    text: 'Two discounted trips a year for you and your family, and the know-how of colleagues who plan trips every day.',
  },
  {
    title: 'Grow with us',
    text: 'A yearly learning budget, mentors from across the company, and health cover for you, your partner and your parents.',
  },
] as const

function RoleCard({ role }: { role: Role }) {
  const id = `role-${role.id}`
  return (
    <Card.Root as="article" aria-labelledby={id} variant="outline" bg="bg.card" data-testid="role-card">
      <Card.Body gap="3">
        <Text as="h3" id={id} fontSize="lg" fontWeight="bold" color="brand.fg">
          {role.title}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {role.team} · {role.location} · {role.type} · {role.experience}
        </Text>
        <Text>{role.summary}</Text>
        <Box as="details" borderTopWidth="1px" pt="3">
          <Box as="summary" cursor="pointer" fontWeight="semibold" color="brand.fg">
            What you will do and what you bring
          </Box>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            <Stack gap="2">
              <Text as="h4" fontWeight="semibold">
                What you will do
              </Text>
              <List.Root ps="5" gap="1">
                {role.responsibilities.map((r) => (
                  <List.Item key={r}>{r}</List.Item>
                ))}
              </List.Root>
            </Stack>
            <Stack gap="2">
              <Text as="h4" fontWeight="semibold">
                What you bring
              </Text>
              <List.Root ps="5" gap="1">
                {role.requirements.map((r) => (
                  <List.Item key={r}>{r}</List.Item>
                ))}
              </List.Root>
            </Stack>
          </Grid>
        </Box>
        <Button asChild colorPalette="terracotta" alignSelf="flex-start">
          <a href={applyHref(role)} aria-label={`Apply by e-mail for ${role.title}`}>
            Apply by e-mail
          </a>
        </Button>
      </Card.Body>
    </Card.Root>
  )
}

/** /careers: why join, and the open roles by team. */
export function CareersPage() {
  const [team, setTeam] = useState<Team | null>(null)
  const shown = team ? ROLES.filter((r) => r.team === team) : ROLES
  return (
    <PageContainer>
      <Stack gap="10">
        <PageHeading
          title="Careers"
          description="Open roles at Paryatan in engineering, visa and holiday operations, MICE sales and customer care, in Gurugram, Mumbai and remote across India."
          lead="We are a small team building the travel company we would want to book with: honest prices, people who pick up the phone, and software that does not lose your booking."
        />

        <Stack as="section" aria-labelledby="why-paryatan" gap="4">
          <Text as="h2" id="why-paryatan" fontSize="xl" fontWeight="bold" color="brand.fg">
            Why Paryatan
          </Text>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="4">
            {REASONS.map((r) => (
              <Card.Root key={r.title} variant="subtle" bg="brand.subtle">
                <Card.Body gap="2">
                  <Text as="h3" fontWeight="bold" color="brand.fg">
                    {r.title}
                  </Text>
                  <Text>{r.text}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Grid>
        </Stack>

        <Stack as="section" aria-labelledby="open-roles" gap="4">
          <Text as="h2" id="open-roles" fontSize="xl" fontWeight="bold" color="brand.fg">
            Open roles
          </Text>
          <HStack role="group" aria-label="Filter roles by team" gap="2" wrap="wrap">
            {[null, ...teamsWithRoles()].map((t) => (
              <Button
                key={t ?? 'all'}
                size="sm"
                rounded="full"
                variant={team === t ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={team === t}
                onClick={() => setTeam(t)}
              >
                {t ?? 'All teams'}
              </Button>
            ))}
          </HStack>
          <Text role="status" color="fg.muted">
            {shown.length === 1 ? '1 open role' : `${shown.length} open roles`}
          </Text>
          <Stack gap="4">
            {shown.map((role) => (
              <RoleCard key={role.id} role={role} />
            ))}
          </Stack>
        </Stack>

        <Card.Root as="section" aria-labelledby="open-application" variant="elevated" bg="bg.card">
          <Card.Body gap="3">
            <Text as="h2" id="open-application" fontSize="xl" fontWeight="bold" color="brand.fg">
              Don’t see your role?
            </Text>
            <Text>
              Write to{' '}
              <Link href={applyHref()} color="brand.fg" textDecoration="underline">
                {CAREERS_EMAIL}
              </Link>{' '}
              with your CV and a few lines on what you would like to do. We read every application and reply within two
              weeks. Want to know more about us first? Read{' '}
              <RouterLink to={paths.about} color="brand.fg" textDecoration="underline">
                about Paryatan
              </RouterLink>
              .
            </Text>
          </Card.Body>
        </Card.Root>
      </Stack>
    </PageContainer>
  )
}
