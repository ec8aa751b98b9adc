import { Button } from '@chakra-ui/react/button'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Component, type ReactNode } from 'react'
import { Link } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'

interface RouteErrorBoundaryProps {
  children: ReactNode
  /** The address's history key: moving to another page (or the same one again) clears the error. */
  resetKey: string
}

interface RouteErrorBoundaryState {
  failed: boolean
  /** The resetKey the page failed at, once known. */
  failedAt: string | null
}

/**
 * Catches a page that fails to load (its chunk could not be fetched) or to render, and shows
 * RouteError in its place, inside the layout, until the visitor moves on.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, failedAt: null }

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true, failedAt: null }
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (!state.failed) return null
    if (state.failedAt === null) return { failedAt: props.resetKey }
    return state.failedAt === props.resetKey ? null : { failed: false, failedAt: null }
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}

/** Shown inside the layout when a page fails to load or render. */
export function RouteError() {
  return (
    <PageContainer>
      <Stack gap="5" align="flex-start">
        <PageHeading title="Something went wrong" />
        <Text color="fg.muted">Please try again in a moment. If it keeps happening, contact us.</Text>
        <Button asChild colorPalette="terracotta">
          <Link to="/">Home</Link>
        </Button>
      </Stack>
    </PageContainer>
  )
}
