import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Link } from '@chakra-ui/react/link'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import type { Office } from '@/config/company'
import { osmEmbedUrl, osmPageUrl } from '../lib/osm'

/**
 * An office's map. Nothing is fetched from OpenStreetMap until the visitor
 * asks ('Show map'): embedding it at once would tell a third party about
 * every visit to the page.
 */
export function OfficeMap({ office }: { office: Office }) {
  const [shown, setShown] = useState(false)
  const regionId = `map-${office.id}`
  return (
    <Stack gap="2">
      <Box
        id={regionId}
        height="56"
        rounded="md"
        overflow="hidden"
        borderWidth="1px"
        bg="brand.subtle"
        display="flex"
        alignItems="center"
        justifyContent="center"
      >
        {shown ? (
          <iframe
            title={`Map of Paryatan ${office.name}`}
            src={osmEmbedUrl(office.lat, office.lon)}
            width="100%"
            height="100%"
            loading="lazy"
            referrerPolicy="no-referrer"
            style={{ border: 0 }}
          />
        ) : (
          <Stack gap="2" align="center" textAlign="center" px="4">
            <Text fontSize="sm" color="fg.muted">
              The map is loaded from OpenStreetMap when you ask for it.
            </Text>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              aria-controls={regionId}
              aria-label={`Show map of ${office.name}`}
              onClick={() => setShown(true)}
            >
              Show map
            </Button>
          </Stack>
        )}
      </Box>
      <Link
        href={osmPageUrl(office.lat, office.lon)}
        target="_blank"
        rel="noopener noreferrer"
        fontSize="sm"
        color="brand.fg"
        aria-label={`Open in OpenStreetMap: ${office.name} (opens in a new tab)`}
      >
        Open in OpenStreetMap
      </Link>
    </Stack>
  )
}
