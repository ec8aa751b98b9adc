import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'

/** A titled section of a help page, named by its h2. */
export function HelpSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="4">
      <Text as="h2" id={id} fontSize="xl" fontWeight="bold" color="brand.fg">
        {title}
      </Text>
      {children}
    </Stack>
  )
}
