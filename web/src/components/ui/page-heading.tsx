import { Container, type ContainerProps } from '@chakra-ui/react/container'
import { Heading } from '@chakra-ui/react/heading'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { usePageTitle } from '@/hooks/use-page-title'

interface PageHeadingProps {
  /** The page's `<h1>`; also used for the document title unless `documentTitle` is given. */
  title: string
  documentTitle?: string
  /** The page's meta description (one or two sentences); the site's when absent. */
  description?: string
  lead?: ReactNode
}

/** The `<h1>` of a page, which also names the browser tab ("{title} · Paryatan"). */
export function PageHeading({ title, documentTitle, description, lead }: PageHeadingProps) {
  usePageTitle(documentTitle ?? title, description)
  return (
    <>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.fg" letterSpacing="tight">
        {title}
      </Heading>
      {lead ? (
        <Text mt="3" fontSize="lg" color="fg.muted" maxW="2xl">
          {lead}
        </Text>
      ) : null}
    </>
  )
}

/** Page body container with the site's standard width and spacing. */
export function PageContainer(props: ContainerProps) {
  return <Container maxW="6xl" py={{ base: '8', md: '12' }} {...props} />
}
