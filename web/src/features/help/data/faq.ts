import { paths } from '@/config/paths'

/** A question and its answer; `link` points to the page where the traveller can act on it. */
export interface Faq {
  question: string
  answer: string
  link?: { to: string; label: string }
}

export interface FaqGroup {
  id: string
  title: string
  faqs: readonly Faq[]
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'booking',
    title: 'Booking flights',
    faqs: [
      {
        question: 'When is my ticket issued?',
        answer:
          'Right after your payment is recorded. We ask the airline to ticket at once, and your e-ticket with the airline PNR and ticket numbers is e-mailed to you and shown in My Trips, usually within a few minutes.',
        link: { to: paths.trips, label: 'Open My Trips' },
      },
      {
        question: 'Why did the fare change between search and payment?',
        answer:
          'Airlines change fares and seat availability all the time. We check the fare again before you pay and show you any change. If the airline changes it after you have paid, you choose: pay the difference or cancel for a full refund.',
      },
      {
        question: 'How long is my booking held before I pay?',
        answer:
          'The booking page shows a pay-by time. Pay before it to keep the seats; after it the held seats are released and nothing is charged.',
      },
      {
        question: 'My name on the ticket is wrong. What do I do?',
        answer:
          'Names must match the passport or government ID. Contact us as soon as you notice: many airlines allow a small correction for a fee, but not a change of traveller.',
        link: { to: paths.contact, label: 'Contact us' },
      },
      {
        question: 'Can I save my family’s details for next time?',
        answer:
          'Yes. Add them as co-travellers in your account with their date of birth and passport details, and pick them on the booking page next time.',
        link: { to: paths.coTravellers, label: 'Manage co-travellers' },
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments and refunds',
    faqs: [
      {
        question: 'Which payment methods can I use?',
        answer:
          'UPI, debit and credit cards, net banking and popular wallets, through our payment partner Razorpay. We never see or store your card number or UPI PIN.',
      },
      {
        question: 'I was charged but have no ticket.',
        answer:
          'We check with the payment gateway and ticket the booking as soon as the payment reaches us, even if its news is late. If the airline then refuses the ticket, the full amount is refunded automatically and we e-mail you why.',
        link: { to: paths.payments, label: 'See My Payments' },
      },
      {
        question: 'How long does a refund take?',
        answer:
          'Once the airline has refunded us, the money goes back to your original payment method in 5–7 working days; UPI refunds are often faster. My Payments shows each refund’s status.',
        link: { to: paths.cancellation, label: 'Read the cancellation policy' },
      },
      {
        question: 'Can I get a GST invoice?',
        answer:
          'Yes. Add your company’s GSTIN to a MyBiz account before booking, and the invoice carries it. For a past booking, write to us with the booking reference.',
      },
    ],
  },
  {
    id: 'changes',
    title: 'Changes and cancellations',
    faqs: [
      {
        question: 'How do I cancel a flight?',
        answer:
          'Call, WhatsApp or write to us with the booking reference from My Trips and we cancel it with the airline. The airline’s fare rules, shown on the fare page before you book, decide the cancellation charge.',
        link: { to: paths.contact, label: 'Contact us' },
      },
      {
        question: 'The airline cancelled my flight. What now?',
        answer:
          'You can take the airline’s alternative flight or a full refund. Tell us which and we handle it with the airline.',
      },
    ],
  },
  {
    id: 'visas',
    title: 'Visas and holidays',
    faqs: [
      {
        question: 'Do you refund the visa fee if my visa is rejected?',
        answer:
          'On select visas we refund 100% if the visa is rejected; the visa page says which, and terms apply. Other visa fees are the embassy’s and are not refundable once submitted.',
        link: { to: paths.visa, label: 'Go to visas' },
      },
      {
        question: 'How early should I plan a holiday or a cruise?',
        answer:
          'Six to ten weeks ahead for peak dates such as Diwali, Christmas and summer holidays; more for Europe, where visa appointments fill up early.',
        link: { to: paths.concierge({ from: 'faq' }), label: 'Talk to a concierge' },
      },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    faqs: [
      {
        question: 'How do I sign in?',
        answer:
          'With your mobile number or e-mail and password, or with Google. A business account (MyBiz) signs in the same way and adds company details.',
      },
      {
        question: 'How do I sign out of a device I lost?',
        answer:
          'Open Devices in your account and sign that device out; changing your password also signs out every other device.',
        link: { to: paths.profile, label: 'Open your account' },
      },
      {
        question: 'How do I delete my account or see my data?',
        answer:
          'Write to our grievance officer and we will send a summary of your data or delete it, keeping only what the law requires (such as tax invoices).',
        link: { to: paths.privacy, label: 'Read the privacy notice' },
      },
    ],
  },
]
