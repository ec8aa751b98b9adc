import { describe, expect, it } from 'vitest'
import { paymentMethodLabel, paymentStatusLabel, refundStatusLabel, refundStatusPalette } from './payment-status'

describe('payment words', () => {
  it('words every payment status', () => {
    expect(['paid', 'attempted', 'created'].map(paymentStatusLabel)).toEqual(['Paid', 'Failed', 'Awaiting payment'])
    expect(paymentStatusLabel('disputed')).toBe('disputed')
  })

  it('words every refund status, a failed one with what happens next', () => {
    expect(['requested', 'pending', 'processed', 'failed'].map(refundStatusLabel)).toEqual([
      'Refund requested',
      'Refund on its way',
      'Refunded',
      'Refund failed — we will contact you',
    ])
    expect(refundStatusPalette('failed')).toBe('red')
    expect(refundStatusPalette('reversed')).toBe('gray')
  })

  it('names the ways to pay as the checkout does', () => {
    expect(['upi', 'card', 'netbanking', 'wallet', 'UPI'].map(paymentMethodLabel)).toEqual([
      'UPI',
      'Card',
      'Net banking',
      'Wallet',
      'UPI',
    ])
    expect(paymentMethodLabel('emi')).toBe('emi')
    expect(paymentMethodLabel(undefined)).toBe('')
  })
})
