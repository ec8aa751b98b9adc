import { Box } from '@chakra-ui/react/box'
import { Heading } from '@chakra-ui/react/heading'
import { Link } from '@chakra-ui/react/link'
import { Stack } from '@chakra-ui/react/stack'
import type { TripDocument } from '@/lib/api-types'

/**
 * A booking's documents (e-ticket, GST invoice, credit notes), each a PDF
 * the browser downloads with the session's cookie: plain links, no script.
 */
export function TripDocuments({ documents }: { documents: TripDocument[] }) {
  if (documents.length === 0) return null
  return (
    <Stack gap="2" as="section" aria-labelledby="documents-heading">
      <Heading as="h2" size="lg" id="documents-heading">
        Documents
      </Heading>
      <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
        {documents.map((d) => (
          <Box as="li" key={d.href}>
            {/* A row at least 44 px tall, as the page's buttons are, for a thumb. */}
            <Link
              href={d.href}
              download
              color="brand.fg"
              fontWeight="medium"
              minH="11"
              display="inline-flex"
              alignItems="center"
              data-testid="trip-document"
            >
              {`${d.title} (PDF)`}
            </Link>
          </Box>
        ))}
      </Stack>
    </Stack>
  )
}
