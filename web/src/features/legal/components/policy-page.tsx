import { Box } from '@chakra-ui/react/box'
import { Code } from '@chakra-ui/react/code'
import { Grid } from '@chakra-ui/react/grid'
import { Link } from '@chakra-ui/react/link'
import { List } from '@chakra-ui/react/list'
import { Stack } from '@chakra-ui/react/stack'
import { Table } from '@chakra-ui/react/table'
import { Text } from '@chakra-ui/react/text'
import { Fragment, type ReactNode } from 'react'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import type { PolicyBlock, PolicyDocument, RichText } from '../data/types'

const updatedFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "2026-11-01" → "1 November 2026". */
function formatUpdated(iso: string): string {
  return updatedFormat.format(new Date(`${iso}T00:00:00Z`))
}

/** Text with its links: in-app links through the router, others as plain links (web pages in a new tab). */
function Rich({ text }: { text: RichText }) {
  if (typeof text === 'string') return text
  return text.map((part, i) => {
    if (typeof part === 'string') return <Fragment key={i}>{part}</Fragment>
    if ('to' in part) {
      return (
        <RouterLink key={i} to={part.to} variant="underline" color="brand.fg" display="inline">
          {part.text}
        </RouterLink>
      )
    }
    const external = /^https?:/.test(part.href)
    return (
      <Link
        key={i}
        href={part.href}
        variant="underline"
        display="inline"
        color="brand.fg"
        {...(external
          ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': `${part.text} (opens in a new tab)` }
          : {})}
      >
        {part.text}
      </Link>
    )
  })
}

function Block({ block }: { block: PolicyBlock }) {
  switch (block.kind) {
    case 'p':
      return (
        <Text>
          <Rich text={block.text} />
        </Text>
      )
    case 'list':
      return (
        <List.Root gap="2" ps="5">
          {block.items.map((item, i) => (
            <List.Item key={i}>
              <Rich text={item} />
            </List.Item>
          ))}
        </List.Root>
      )
    case 'table':
      return (
        <Table.ScrollArea
          borderWidth="1px"
          rounded="md"
          whiteSpace="normal"
          tabIndex={0}
          role="region"
          aria-label={block.caption}
          _focusVisible={{ outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'brand.focusRing' }}
        >
          <Table.Root size="sm" minW="40rem" bg="bg.card">
            <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" color="brand.fg" pb="2" ps="3">
              {block.caption}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                {block.columns.map((column) => (
                  <Table.ColumnHeader key={column} scope="col">
                    {column}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {block.rows.map(([first, ...rest]) => (
                <Table.Row key={first} verticalAlign="top">
                  <Table.Cell as="th" scope="row" fontWeight="semibold" textAlign="start" whiteSpace="nowrap">
                    {block.codeFirstColumn ? <Code>{first}</Code> : first}
                  </Table.Cell>
                  {rest.map((cell, i) => (
                    <Table.Cell key={i}>{cell}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )
  }
}

/** A titled section of a company or policy page: an h2 with an id that names the section. */
export function DocumentSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Text as="h2" id={id} fontSize="xl" fontWeight="bold" color="brand.fg" scrollMarginTop="24">
        {heading}
      </Text>
      {children}
    </Stack>
  )
}

/** A policy page (privacy, terms, cancellation, cookies): heading, revision date, contents and sections. */
export function PolicyPage({ document: doc }: { document: PolicyDocument }) {
  return (
    <PageContainer>
      <Stack gap="8">
        <Stack gap="3" maxW="3xl">
          <PageHeading title={doc.title} description={doc.description} lead={doc.lead} />
          <Text fontSize="sm" color="fg.muted">
            Last updated: <time dateTime={doc.updated}>{formatUpdated(doc.updated)}</time>
          </Text>
        </Stack>

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '16rem minmax(0, 1fr)' }} gap={{ base: '8', lg: '12' }}>
          <Box
            as="nav"
            aria-label="On this page"
            alignSelf="start"
            position={{ lg: 'sticky' }}
            top={{ lg: '24' }}
            bg="bg.card"
            borderWidth="1px"
            rounded="lg"
            p="4"
          >
            <Text fontWeight="semibold" color="brand.fg" mb="2" aria-hidden="true">
              On this page
            </Text>
            <List.Root as="ol" gap="1.5" ps="5" fontSize="sm">
              {doc.sections.map((section) => (
                <List.Item key={section.id}>
                  <Link href={`#${section.id}`} color="brand.fg">
                    {section.heading}
                  </Link>
                </List.Item>
              ))}
            </List.Root>
          </Box>

          <Stack gap="8" maxW="3xl" minW="0">
            {doc.sections.map((section) => (
              <DocumentSection key={section.id} id={section.id} heading={section.heading}>
                {section.blocks.map((block, i) => (
                  <Block key={i} block={block} />
                ))}
              </DocumentSection>
            ))}
          </Stack>
        </Grid>
      </Stack>
    </PageContainer>
  )
}
