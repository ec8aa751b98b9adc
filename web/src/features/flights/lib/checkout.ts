// Taking the traveller to the payment gateway's hosted checkout. The API opens
// the order and answers where to post and what (POST .../payment); the browser
// only posts that form, as a top-level navigation, and never an amount of its own.
import type { Checkout } from '@/lib/api-types'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether the checkout may be posted to this address: https, or plain http to
 * this machine only (the gateway's simulator in a local run).
 */
function allowedAction(url: URL): boolean {
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

/**
 * The checkout as a form: method post to `checkout.action`, one hidden input
 * per field, not yet in the page. Throws when the action is no address a
 * payment may be posted to.
 */
export function checkoutForm(checkout: Checkout, doc: Document = document): HTMLFormElement {
  const action = new URL(checkout.action, doc.baseURI)
  if (!allowedAction(action)) throw new Error(`refusing to post a checkout to ${action.protocol}//${action.host}`)
  const form = doc.createElement('form')
  form.method = 'post'
  form.action = action.href
  form.acceptCharset = 'UTF-8'
  form.hidden = true
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = doc.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  return form
}

/**
 * Posts a checkout form, leaving this page for the gateway's. The form is put
 * in the page first: a form outside a document submits nothing.
 */
export function submitCheckout(form: HTMLFormElement): void {
  if (!form.isConnected) form.ownerDocument.body.append(form)
  form.submit()
}
