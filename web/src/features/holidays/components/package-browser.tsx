import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import { RouterLink } from '@/components/ui/router-link'
import { HOLIDAY_PACKAGES, type HolidayPackage, type PackageScope } from '../data/packages'
import { holidayConciergeHref } from '../lib/concierge-link'
import {
  BUDGET_BANDS,
  BUDGET_SCOPES,
  budgetBand,
  budgetForScope,
  DEFAULT_BUDGET,
  DEFAULT_HOLIDAY_FILTER,
  filterPackages,
  HOLIDAY_FILTERS,
  type HolidayFilter,
} from '../lib/package-filters'
import { PackageCard } from './package-card'

/** The filter pills, the budget selects and the matching package cards (spec 2.5). */
export function PackageBrowser({ packages = HOLIDAY_PACKAGES }: { packages?: readonly HolidayPackage[] }) {
  const [filter, setFilter] = useState<HolidayFilter>(DEFAULT_HOLIDAY_FILTER)
  const [budget, setBudget] = useState(DEFAULT_BUDGET)
  const shown = filterPackages(packages, filter, budget)
  const bands = BUDGET_BANDS[budget.scope]
  const band = budgetBand(budget)

  return (
    <Stack as="section" aria-labelledby="packages-heading" gap="5">
      <Box>
        <Text as="h2" id="packages-heading" fontSize="2xl" fontWeight="bold" color="brand.fg">
          Holiday packages
        </Text>
        <Text color="fg.muted">Prices are per person, twin sharing, and change with dates and availability.</Text>
      </Box>
      <HStack role="group" aria-label="Show packages" wrap="wrap" gap="2">
        {HOLIDAY_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            rounded="full"
            colorPalette="brand"
            variant={f === filter ? 'solid' : 'outline'}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {f}
          </Button>
        ))}
      </HStack>

      {filter === 'Budget' ? (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="xl">
          <Field.Root>
            <Field.Label>Scope</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={budget.scope}
                onChange={(e) => setBudget(budgetForScope(e.target.value as PackageScope))}
              >
                {BUDGET_SCOPES.map((scope) => (
                  <option key={scope} value={scope}>
                    {scope}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>Budget</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={band.id} onChange={(e) => setBudget((b) => ({ ...b, band: e.target.value }))}>
                {bands.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
      ) : null}

      <Text role="status" color="fg.muted" fontSize="sm">
        {shown.length === 1 ? 'Showing 1 package' : `Showing ${shown.length} packages`}
      </Text>

      {shown.length > 0 ? (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
          {shown.map((item) => (
            <PackageCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      ) : (
        <Box bg="bg.card" borderWidth="1px" rounded="lg" p="5">
          <Text fontWeight="semibold" color="brand.fg">
            No {budget.scope.toLowerCase()} packages in the {band.label.toLowerCase()} band right now.
          </Text>
          <Text color="fg.muted" mt="1">
            Tell our concierge where you would like to go and what you would like to spend, and we will plan a trip
            around it.{' '}
            <RouterLink to={holidayConciergeHref(`${budget.scope} holiday, ${band.label}`)} color="brand.fg">
              Ask the concierge
            </RouterLink>
          </Text>
        </Box>
      )}
    </Stack>
  )
}
