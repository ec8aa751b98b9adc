import { Accordion } from '@chakra-ui/react/accordion'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { FAQ_GROUPS, type FaqGroup } from '../data/faq'
import { HelpSection } from './section'

function FaqGroupList({ group }: { group: FaqGroup }) {
  return (
    <HelpSection id={`faq-${group.id}`} title={group.title}>
      <Accordion.Root multiple collapsible variant="enclosed" bg="bg.card">
        {group.faqs.map((faq) => (
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
              <Accordion.ItemBody color="fg">
                <Text>{faq.answer}</Text>
                {faq.link ? (
                  <RouterLink
                    to={faq.link.to}
                    color="brand.fg"
                    textDecoration="underline"
                    mt="2"
                    display="inline-block"
                  >
                    {faq.link.label}
                  </RouterLink>
                ) : null}
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </HelpSection>
  )
}

/** /faq: answers by topic; each question opens and closes on its own. */
export function FaqPage() {
  return (
    <PageContainer>
      <Stack gap="10">
        <PageHeading
          title="Frequently asked questions"
          documentTitle="FAQ"
          description="Answers on ticketing, fare changes, payments, refunds, cancellations, visas and your Paryatan account."
          lead="Quick answers to what travellers ask us most. Can’t find yours? Our team is a call or a message away."
        />
        {FAQ_GROUPS.map((group) => (
          <FaqGroupList key={group.id} group={group} />
        ))}
        <Text>
          Still stuck?{' '}
          <RouterLink to={paths.support} color="brand.fg" textDecoration="underline">
            Visit Support
          </RouterLink>{' '}
          or{' '}
          <RouterLink to={paths.contact} color="brand.fg" textDecoration="underline">
            contact us
          </RouterLink>
          .
        </Text>
      </Stack>
    </PageContainer>
  )
}
