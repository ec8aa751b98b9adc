import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { appSystem } from '@/theme'
import type { ReactNode } from 'react'
import { Money, ReadAs } from './money'

function renderIn(ui: ReactNode) {
  return render(
    <ChakraProvider value={appSystem()}>
      <p data-testid="line">Total {ui}</p>
    </ChakraProvider>,
  )
}

describe('Money', () => {
  it('shows rupees with the sign and gives screen readers the amount in words', () => {
    renderIn(<Money amount="45624" testId="price" />)
    expect(screen.getByTestId('price')).toHaveTextContent(/^₹45,624$/)
    expect(screen.getByTestId('price')).toHaveAttribute('aria-hidden', 'true')
    const words = screen.getByText('45,624 rupees')
    expect(words).toBeInTheDocument()
    expect(words.closest('[aria-hidden="true"]')).toBeNull()
  })

  it('says paise too', () => {
    renderIn(<Money paise={529346n} />)
    expect(screen.getByText('₹5,293.46')).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByText('5,293 rupees 46 paise')).toBeInTheDocument()
  })

  it('shows another currency once, as it is read', () => {
    renderIn(<Money amount="12.5" currency="USD" testId="price" />)
    expect(screen.getByTestId('line')).toHaveTextContent(/^Total USD 12\.5$/)
    expect(screen.getByTestId('price')).not.toHaveAttribute('aria-hidden')
  })
})

describe('ReadAs', () => {
  it('shows its content to sighted readers and its words to screen readers', () => {
    renderIn(<ReadAs words="6,499 rupees per night">₹6,499 / night</ReadAs>)
    expect(screen.getByText('₹6,499 / night')).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByText('6,499 rupees per night').closest('[aria-hidden="true"]')).toBeNull()
  })
})
