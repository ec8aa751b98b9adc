import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_ACTION, paymentOrder } from '@/testing/payments'
import { checkoutForm, submitCheckout } from './checkout'

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

function fieldsOf(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...form.querySelectorAll('input')].map((i) => [i.name, i.value]))
}

describe('checkout form', () => {
  it('posts every field the API gave, as hidden inputs, to the checkout address', () => {
    const { checkout } = paymentOrder()
    const form = checkoutForm(checkout)
    expect(form.method).toBe('post')
    expect(form.action).toBe(CHECKOUT_ACTION)
    expect(form.hidden).toBe(true)
    expect(fieldsOf(form)).toEqual(checkout.fields)
    expect([...form.querySelectorAll('input')].every((i) => i.type === 'hidden')).toBe(true)
    // Names such as prefill[email] go as the gateway spells them.
    expect(form.querySelector('input[name="prefill[email]"]')).toHaveValue('asha@example.in')
    // Built, not yet in the page.
    expect(form.isConnected).toBe(false)
  })

  it('posts to the gateway simulator on this machine over plain http', () => {
    const form = checkoutForm({ action: 'http://127.0.0.1:9123/v1/checkout/embedded', fields: {} })
    expect(form.action).toBe('http://127.0.0.1:9123/v1/checkout/embedded')
    expect(checkoutForm({ action: 'http://localhost:9123/pay', fields: {} }).action).toBe('http://localhost:9123/pay')
  })

  it.each([
    'javascript:alert(1)',
    'http://gateway.example.com/pay',
    'data:text/html,<p>pay</p>',
    'ftp://127.0.0.1/pay',
  ])('refuses to post a checkout to %s', (action) => {
    expect(() => checkoutForm({ action, fields: { order_id: 'order_1' } })).toThrow(/refusing to post a checkout/)
  })

  it('puts the form in the page and submits it, once', () => {
    const submitted: HTMLFormElement[] = []
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this)
    })
    const form = checkoutForm(paymentOrder().checkout)
    submitCheckout(form)
    expect(submitted).toEqual([form])
    expect(form.isConnected).toBe(true)
    expect(form.parentElement).toBe(document.body)
  })
})
