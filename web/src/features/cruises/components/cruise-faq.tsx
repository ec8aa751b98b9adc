import { Accordion } from '@chakra-ui/react/accordion'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { CRUISE_FAQS, type CruiseFaq } from '../data/cruises'

/** Frequently asked questions; each opens and closes on its own. */
export function CruiseFaqList({ faqs = CRUISE_FAQS }: { faqs?: readonly CruiseFaq[] }) {
  return (
    <Stack as="section" aria-labelledby="cruise-faq" gap="4">
      <Text as="h2" id="cruise-faq" fontSize="2xl" fontWeight="bold" color="brand.fg">
        Frequently asked questions
      </Text>
      <Accordion.Root multiple collapsible variant="enclosed" bg="bg.card">
        {faqs.map((faq) => (
          <Accordion.Item key={faq.question} value={faq.question}>
            <Heading as="h3" fontSize="md">
              <Accordion.ItemTrigger cursor="pointer" color="brand.fg" fontWeight="semibold">
                <Text flex="1" textAlign="start">
                  {faq.question}
                </Text>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody color="fg">{faq.answer}</Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  )
}
