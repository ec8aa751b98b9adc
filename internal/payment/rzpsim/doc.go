// Package rzpsim simulates the Razorpay payment gateway closely enough that
// payment code written against Razorpay's documentation runs against it
// unchanged: on a developer's machine, in Go tests (in-process, from
// httptest.Server) and in fault drills (standalone, cmd/razorpay-sim).
//
// # What it serves
//
// The API under /v1, with HTTP Basic authentication by one key pair:
//
//	POST /v1/orders                           create an order
//	GET  /v1/orders/{id}                      fetch it
//	GET  /v1/orders/{id}/payments             its payments, newest first
//	GET  /v1/payments/{id}                    fetch a payment
//	POST /v1/payments/{id}/capture            capture an authorized payment
//	POST /v1/payments/{id}/refund             refund a captured payment
//	GET  /v1/payments/{id}/refunds[/{rfnd}]   its refunds, newest first
//	GET  /v1/refunds/{id}                     fetch a refund
//
// The hosted checkout: a merchant's page posts a form (key_id, order_id,
// name, description, prefill[…], notes[…], callback_url, cancel_url) to
// POST /v1/checkout/embedded, and the simulator answers with a
// self-contained payment page on which a tester chooses a method (UPI,
// card, net banking, wallet) and an outcome (success, failure, or a UPI
// payment left pending). The browser then posts the result to
// callback_url, exactly as Razorpay's checkout does. Pay, PayWith and
// POST /_sim/orders/{id}/pay make the same payments without a browser.
//
// Webhooks, signed, retried, and on request duplicated, reordered, held or
// lost (see WebhookSettings), and the controls under AdminPrefix.
//
// # Faithful to Razorpay
//
//   - Entities have Razorpay's fields, names, nulls and states: orders
//     created → attempted → paid (and paid for good, refunds or not);
//     payments created → authorized → captured → refunded, or failed;
//     refunds pending → processed. Amounts are integer paise, timestamps
//     Unix seconds, ids a prefix and 14 base62 characters. Empty notes are
//     written [] rather than {}, as Razorpay does.
//   - Errors have Razorpay's body ({"error": {"code", "description",
//     "source", "step", "reason", "metadata", "field"}}), its descriptions
//     for the cases simulated, and its statuses: 401 for missing or wrong
//     credentials (and for "basic" not written "Basic"), 400 for bad input,
//     for unknown URLs and methods, and for ids that do not exist — Razorpay
//     answers 400, not 404, to "The id provided does not exist" — 409 for a
//     reused refund idempotency key, 500 SERVER_ERROR under a fault.
//   - Unknown request fields are refused ("x is/are not required and
//     should not be sent"); JSON and form bodies are both read.
//   - The callback signature is hex HMAC-SHA256 of order_id|payment_id with
//     the key secret (Sign); a failure posts error[code], error[description],
//     error[source], error[step], error[reason] and error[metadata] (the JSON
//     text {"payment_id", "order_id"}).
//   - Every successful payment sends payment.authorized; with automatic
//     capture (payment_capture, default true) payment.captured and
//     order.paid follow at once; otherwise they follow POST …/capture. Each
//     payload is the entity as it was when the event happened. Failures send
//     payment.failed; refunds refund.created and, when processed,
//     refund.processed (contains refund and payment).
//   - Webhooks carry X-Razorpay-Signature (hex HMAC-SHA256 of the raw body
//     with the webhook secret, SignWebhook) and X-Razorpay-Event-Id, which
//     stays the same on every retry; a receiver has 5 seconds to answer 2xx.
//     An event is signed when it happens, so a retry keeps its signature
//     after the secret changes.
//   - Refunds default to what is left of the payment, cannot exceed it,
//     need a captured payment, honour X-Refund-Idempotency (a retry with the
//     same key and body returns the same refund; another body with the key
//     is refused) and count on the payment (amount_refunded, refund_status
//     partial or full, status refunded) when they are processed.
//   - Fees: 2% of the amount plus 18% GST on it, set at capture; fee
//     includes tax. Test values work as in Razorpay's test mode:
//     success@razorpay and failure@razorpay, card 4111 1111 1111 1111; the
//     checkout keeps only a card's network and last four digits.
//
// # Simplified or added
//
//   - One key pair and one merchant account; one webhook URL subscribed to
//     every event; test mode only, so no money and no settlements.
//   - No 3-D Secure, OTP, bank or UPI-app pages: the tester picks the
//     outcome. A pending payment is a UPI collect request approved
//     PendingDelay later (or at once through POST
//     /_sim/payments/{id}/complete, or failed through …/fail); it never
//     expires by itself.
//   - INR only; no partial payments, offers, customers, invoices, EMI,
//     transfers, payment links or order and payment lists.
//   - The order receipt is required (Razorpay makes it optional): Paryatan
//     always sends one and must keep doing so.
//   - A second refund with the same non-empty receipt on a payment returns
//     the first refund instead of making another. This duplicate guard is
//     the simulator's, in addition to Razorpay's X-Refund-Idempotency.
//   - Refunds are processed RefundDelay after they are made (instant
//     speed is reported for speed=optimum, but takes as long) and never
//     fail.
//   - A payment that completes after another one paid its order stays
//     authorized; Razorpay would refund it on its own later, the simulator
//     does not. A new payment is refused while one is authorized or
//     captured on the order.
//   - The card object is in every card payment, not only with
//     expand[]=card; the checkout never loads the merchant's image.
//   - Webhook retries follow Options.RetryDelays (DefaultRetryDelays: five
//     attempts in about thirteen minutes) instead of Razorpay's day of
//     retries; webhook URLs on any port are accepted.
//   - Faults (error500, timeout) are set per group of calls through
//     SetFaults or PUT /_sim/faults, not drawn at random.
//   - State is in memory: orders older than Options.Retention or beyond the
//     newest Options.MaxOrders are forgotten with their payments and
//     refunds.
package rzpsim
