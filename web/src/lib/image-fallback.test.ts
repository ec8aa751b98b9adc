import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installImageFallback, retryImage, setImageFallbackFetcher, swapImageExtension } from './image-fallback'

type FetchMock = ReturnType<typeof vi.fn<(input: string, init?: RequestInit) => Promise<Response>>>

function respond(status: number): FetchMock {
  return vi.fn(async () => new Response(null, { status }))
}

function addImage(src: string): HTMLImageElement {
  const img = document.createElement('img')
  img.setAttribute('src', src)
  document.body.appendChild(img)
  return img
}

function fail(img: HTMLImageElement) {
  img.dispatchEvent(new Event('error'))
}

async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
  await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('swapImageExtension', () => {
  it.each([
    ['/img/a.jpg', '/img/a.webp'],
    ['/img/a.jpeg', '/img/a.webp'],
    ['/img/A.JPG', '/img/A.webp'],
    ['/img/a.webp', '/img/a.jpg'],
    ['/img/a.png', null],
    ['/img/a.svg', null],
    ['/img/jpg', null],
  ])('%s → %s', (input, expected) => {
    expect(swapImageExtension(input)).toBe(expected)
  })
})

describe('installImageFallback', () => {
  let uninstall: () => void
  let fetchMock: FetchMock

  beforeEach(() => {
    fetchMock = respond(200)
    setImageFallbackFetcher(fetchMock)
    uninstall = installImageFallback(document)
  })

  afterEach(() => {
    uninstall()
    document.body.innerHTML = ''
  })

  it('HEADs the swapped path and uses it when it exists', async () => {
    const img = addImage('/images/deal.jpg')
    fail(img)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/images/deal.webp')
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('HEAD')
    expect(img.getAttribute('src')).toBe('/images/deal.webp')
  })

  it('swaps .webp to .jpg and keeps the query string', async () => {
    const img = addImage('/images/deal.webp?v=3')
    fail(img)
    await settle()
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/images/deal.jpg?v=3')
    expect(img.getAttribute('src')).toBe('/images/deal.jpg?v=3')
  })

  it.each([404, 500, 304])('leaves the image alone when HEAD answers %i', async (status) => {
    fetchMock = respond(status)
    setImageFallbackFetcher(fetchMock)
    const img = addImage('/images/deal.jpeg')
    fail(img)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(img.getAttribute('src')).toBe('/images/deal.jpeg')
  })

  it('leaves the image alone when the HEAD request fails', async () => {
    fetchMock = vi.fn(async () => {
      throw new TypeError('network down')
    })
    setImageFallbackFetcher(fetchMock)
    const img = addImage('/images/deal.jpg')
    fail(img)
    await settle()
    expect(img.getAttribute('src')).toBe('/images/deal.jpg')
  })

  it('tries only once per image, also when the replacement fails', async () => {
    const img = addImage('/images/deal.jpg')
    fail(img)
    await settle()
    expect(img.getAttribute('src')).toBe('/images/deal.webp')
    fail(img)
    await settle()
    fail(img)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(img.getAttribute('src')).toBe('/images/deal.webp')
    await expect(retryImage(img)).resolves.toBe('failed')
  })

  it('does not retry after a failed probe', async () => {
    fetchMock = respond(404)
    setImageFallbackFetcher(fetchMock)
    const img = addImage('/images/deal.jpg')
    fail(img)
    await settle()
    fail(img)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('ignores cross-origin images and images without a swappable extension', async () => {
    const remote = addImage('https://cdn.example.net/images/deal.jpg')
    const svg = addImage('/images/logo.svg')
    fail(remote)
    fail(svg)
    await settle()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(remote.getAttribute('src')).toBe('https://cdn.example.net/images/deal.jpg')
  })

  it('handles images added to the page later', async () => {
    const wrapper = document.createElement('section')
    document.body.appendChild(wrapper)
    const later = document.createElement('img')
    later.setAttribute('src', '/images/later.webp')
    wrapper.appendChild(later)
    fail(later)
    await settle()
    expect(later.getAttribute('src')).toBe('/images/later.jpg')
  })

  it('retries an image that is already broken when it is inserted', async () => {
    const broken = document.createElement('img')
    broken.setAttribute('src', '/images/broken.jpg')
    Object.defineProperty(broken, 'complete', { value: true })
    Object.defineProperty(broken, 'naturalWidth', { value: 0 })
    const wrapper = document.createElement('div')
    wrapper.appendChild(broken)
    document.body.appendChild(wrapper)
    await settle()
    expect(fetchMock).toHaveBeenCalledWith('/images/broken.webp', expect.objectContaining({ method: 'HEAD' }))
    expect(broken.getAttribute('src')).toBe('/images/broken.webp')
  })

  it('stops handling errors once uninstalled', async () => {
    uninstall()
    const img = addImage('/images/deal.jpg')
    fail(img)
    await settle()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
