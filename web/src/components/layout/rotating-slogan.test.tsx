import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appSystem } from '@/theme'
import { RotatingSlogan } from './rotating-slogan'

const EXPECTED = [
  'Corporate Booking',
  'Enterprise Bookings',
  'Social Booking',
  'MICE Booking',
  'Holiday Booking',
  'VISA Booking',
]

function slogan() {
  return screen.getByTestId('header-slogan').textContent
}

describe('RotatingSlogan', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the six slogans in order, one every 2600 ms, and wraps around', () => {
    render(
      <ChakraProvider value={appSystem()}>
        <RotatingSlogan />
      </ChakraProvider>,
    )
    const seen = [slogan()]
    for (let i = 0; i < EXPECTED.length; i++) {
      act(() => {
        vi.advanceTimersByTime(2600)
      })
      seen.push(slogan())
    }
    expect(seen).toEqual([...EXPECTED, EXPECTED[0]])
  })

  it('does not change before 2600 ms have passed', () => {
    render(
      <ChakraProvider value={appSystem()}>
        <RotatingSlogan />
      </ChakraProvider>,
    )
    act(() => {
      vi.advanceTimersByTime(2599)
    })
    expect(slogan()).toBe('Corporate Booking')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(slogan()).toBe('Enterprise Bookings')
  })

  it('holds still while the pointer rests on it', () => {
    render(
      <ChakraProvider value={appSystem()}>
        <RotatingSlogan />
      </ChakraProvider>,
    )
    const box = screen.getByTestId('header-slogan').parentElement!
    fireEvent.mouseEnter(box)
    act(() => {
      vi.advanceTimersByTime(10_000)
    })
    expect(slogan()).toBe('Corporate Booking')
    fireEvent.mouseLeave(box)
    act(() => {
      vi.advanceTimersByTime(2600)
    })
    expect(slogan()).toBe('Enterprise Bookings')
  })

  it('stops for good on "Pause slogans" and moves again on "Play slogans"', () => {
    render(
      <ChakraProvider value={appSystem()}>
        <RotatingSlogan />
      </ChakraProvider>,
    )
    act(() => {
      vi.advanceTimersByTime(2600)
    })
    expect(slogan()).toBe('Enterprise Bookings')
    fireEvent.click(screen.getByRole('button', { name: 'Pause slogans' }))
    act(() => {
      vi.advanceTimersByTime(30_000)
    })
    expect(slogan()).toBe('Enterprise Bookings')
    fireEvent.click(screen.getByRole('button', { name: 'Play slogans' }))
    act(() => {
      vi.advanceTimersByTime(2600)
    })
    expect(slogan()).toBe('Social Booking')
    expect(screen.getByRole('button', { name: 'Pause slogans' })).toBeInTheDocument()
  })

  it('does not announce each slogan to screen readers', () => {
    render(
      <ChakraProvider value={appSystem()}>
        <RotatingSlogan />
      </ChakraProvider>,
    )
    expect(screen.getByTestId('header-slogan').closest('[aria-live="polite"], [aria-live="assertive"]')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('does not change for visitors who asked for reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    )
    render(
      <ChakraProvider value={appSystem()}>
        <RotatingSlogan />
      </ChakraProvider>,
    )
    act(() => {
      vi.advanceTimersByTime(30_000)
    })
    expect(slogan()).toBe('Corporate Booking')
    // They may still start it.
    fireEvent.click(screen.getByRole('button', { name: 'Play slogans' }))
    act(() => {
      vi.advanceTimersByTime(2600)
    })
    expect(slogan()).toBe('Enterprise Bookings')
  })
})
