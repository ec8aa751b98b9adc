import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setImageFallbackFetcher } from '@/lib/image-fallback'
import { appSystem } from '@/theme'
import { CardImage } from './card-image'

function renderCard(src: string) {
  const { container } = render(
    <ChakraProvider value={appSystem()}>
      <CardImage src={src} alt="Sea-facing room" />
    </ChakraProvider>,
  )
  return container.querySelector('[data-image-state]') as HTMLElement
}

describe('CardImage', () => {
  afterEach(() => {
    setImageFallbackFetcher((input, init) => fetch(input, init))
  })

  it('keeps the image when the swapped extension exists', async () => {
    const head = vi.fn(async () => new Response(null, { status: 200 }))
    setImageFallbackFetcher(head)
    const frame = renderCard('/images/room.jpg')
    fireEvent.error(screen.getByRole('img', { name: 'Sea-facing room' }))
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Sea-facing room' })).toHaveAttribute('src', '/images/room.webp'),
    )
    expect(frame.dataset.imageState).toBe('image')
    expect(head).toHaveBeenCalledTimes(1)
  })

  it('hides an image that finally fails and shows the gradient instead', async () => {
    setImageFallbackFetcher(vi.fn(async () => new Response(null, { status: 200 })))
    const frame = renderCard('/images/suite.jpg')
    const img = screen.getByRole('img', { name: 'Sea-facing room' })
    fireEvent.error(img)
    await waitFor(() => expect(img).toHaveAttribute('src', '/images/suite.webp'))
    fireEvent.error(img)
    await waitFor(() => expect(frame.dataset.imageState).toBe('fallback'))
    expect(frame.querySelector('img')).toBeNull()
    // The frame still names the picture for assistive technology.
    expect(frame).toHaveAttribute('aria-label', 'Sea-facing room')
  })

  it('falls back at once when there is nothing to swap to', async () => {
    const head = vi.fn(async () => new Response(null, { status: 200 }))
    setImageFallbackFetcher(head)
    const frame = renderCard('/images/illustration.svg')
    fireEvent.error(screen.getByRole('img', { name: 'Sea-facing room' }))
    await waitFor(() => expect(frame.dataset.imageState).toBe('fallback'))
    expect(head).not.toHaveBeenCalled()
  })
})
