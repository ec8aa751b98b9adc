import { describe, expect, it } from 'vitest'
import type { PaymentStatus, RefundStatus } from './api-types'
import { paymentMethodLabel, paymentStatusLabel, refundStatusLabel, refundStatusPalette } from './payment-status'

describe('payment words', () => {
  it('words every payment status', () => {
    expect((['paid', 'attempted', 'created'] as const).map(paymentStatusLabel)).toEqual([
      'Paid',
      'Failed',
      'Awaiting payment',
    ])
    // A status added to the API after this tab loaded.
    expect(paymentStatusLabel('disputed' as PaymentStatus)).toBe('disputed')
  })

  it('words every refund status, a failed one with what happens next', () => {
    expect((['requested', 'pending', 'processed', 'failed'] as const).map(refundStatusLabel)).toEqual([
      'Refund requested',
      'Refund on its way',
      'Refunded',
      'Refund failed — we will contact you',
    ])
    expect(refundStatusPalette('failed')).toBe('red')
    expect(refundStatusPalette('reversed' as RefundStatus)).toBe('gray')
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
