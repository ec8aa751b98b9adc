import { BUSINESS_HOURS, company, companyEmailHref, companyPhoneHref } from '@/config/company'
import { paths } from '@/config/paths'
import { POLICIES_UPDATED, type PolicyDocument } from './types'

export const cancellationPolicy: PolicyDocument = {
  title: 'Cancellation and refund policy',
  description:
    'How to cancel a flight, holiday, cruise, MICE or visa booking made with Paryatan, what the airline’s fare rules and our fee mean for your refund, and how long refunds take to reach you.',
  lead: 'What you get back depends on the airline’s or supplier’s rules, which we show before you pay. Here is how cancelling works and how long refunds take.',
  updated: POLICIES_UPDATED,
  sections: [
    {
      id: 'how-to-cancel',
      heading: 'How to cancel',
      blocks: [
        {
          kind: 'list',
          items: [
            [
              'Online: open the booking in ',
              { text: 'My Trips', to: paths.trips },
              ' and choose to cancel, or ask us to cancel it for you.',
            ],
            [
              'By e-mail or phone: write to ',
              { text: company.email, href: companyEmailHref },
              ' or call ',
              { text: company.phone, href: companyPhoneHref },
              ` (${BUSINESS_HOURS}) with your booking reference.`,
            ],
            'Cancel as early as you can: airline charges usually rise as departure gets closer, and most airlines allow no refund once the flight has left or check-in has closed.',
          ],
        },
      ],
    },
    {
      id: 'flights',
      heading: 'Flights',
      blocks: [
        {
          kind: 'p',
          text: 'Every fare comes with the airline’s fare rules, shown on the fare page before you book: they set the cancellation and date-change charges, which can differ by airline, fare type and how close to departure you cancel. Your refund is what you paid, less the airline’s charge and our cancellation fee, which is also shown before you book.',
        },
      ],
    },
    {
      id: 'no-shows-and-non-refundable-fares',
      heading: 'No-shows and non-refundable fares',
      blocks: [
        {
          kind: 'p',
          text: 'If you do not cancel before departure and do not fly (a no-show), or you booked a non-refundable fare, the base fare is lost. Statutory taxes and fees such as airport charges are refunded where the airline allows it; ask us and we will claim them from the airline for you.',
        },
      ],
    },
    {
      id: 'refused-tickets-and-fare-changes',
      heading: 'If the ticket is refused or the fare changes',
      blocks: [
        {
          kind: 'list',
          items: [
            'If the airline refuses to issue your ticket after you have paid, we refund the full amount automatically, including our fee. You do not need to ask.',
            'If the airline changes the fare after you have paid but before the ticket is issued, we tell you straight away: you can pay the difference and keep the booking, or cancel for a full refund.',
          ],
        },
      ],
    },
    {
      id: 'dgca-rules',
      heading: 'Government of India rules for flights',
      blocks: [
        {
          kind: 'p',
          text: 'The Directorate General of Civil Aviation (DGCA) sets passenger rights for flights in India, including its passenger charter. In particular:',
        },
        {
          kind: 'list',
          items: [
            'If the airline cancels your flight, you are entitled to a full refund or an alternative flight, as you choose. We claim the refund from the airline for you.',
            'Where the airline follows DGCA’s look-in option, a domestic flight booked at least 7 days before departure can be cancelled or changed within 24 hours of booking without a cancellation charge (a change pays any fare difference).',
          ],
        },
        {
          kind: 'p',
          text: 'These rules are revised from time to time, and each airline applies them in its own way, so check the current DGCA rules and the airline’s terms before you book.',
        },
      ],
    },
    {
      id: 'refund-timeline',
      heading: 'When you get your money back',
      blocks: [
        {
          kind: 'list',
          items: [
            'For flights, the airline first refunds the amount to us. Airlines take anything from a few days to a few weeks.',
            'Within 5–7 working days of receiving it, we send the refund to your original payment method through Razorpay: back to the same card, UPI account or bank account you paid from.',
            'Your bank may take a few more days to show it on your statement.',
          ],
        },
      ],
    },
    {
      id: 'hotels',
      heading: 'Hotels',
      blocks: [
        {
          kind: 'p',
          text: 'Each room rate carries the hotel’s own cancellation policy, shown before you book; some rates are non-refundable. Refunds reach you on the same timeline as flight refunds.',
        },
      ],
    },
    {
      id: 'holidays-cruises-and-mice',
      heading: 'Holidays, cruises and MICE',
      blocks: [
        {
          kind: 'p',
          text: 'Packages, cruises and MICE events bring together flights, hotels, cruise cabins and services that each have their own terms, so your quote sets out the cancellation charges for your trip. A typical scale, counted from the departure date, looks like this:',
        },
        {
          kind: 'list',
          items: [
            '45 days or more before departure: 10% of the package price',
            '30 to 44 days before: 25%',
            '15 to 29 days before: 50%',
            'Less than 15 days before: 100%',
          ],
        },
        {
          kind: 'p',
          text: 'This is only a typical example. The terms in your quote or booking confirmation prevail, and cruise lines and peak-season hotels may charge more or earlier.',
        },
      ],
    },
    {
      id: 'visas',
      heading: 'Visas',
      blocks: [
        {
          kind: 'p',
          text: 'Visa fees and service charges are not refundable once your application has been submitted to the embassy or its visa centre, whatever the decision. The exception is select visas that we mark as carrying a 100% refund on rejection: if one of those is rejected, we refund the amount stated when you applied.',
        },
      ],
    },
    {
      id: 'help',
      heading: 'Need help?',
      blocks: [
        {
          kind: 'p',
          text: [
            'If a refund is late or does not look right, write to ',
            { text: company.email, href: companyEmailHref },
            ' with your booking reference, or see our ',
            { text: 'terms of use', to: paths.terms },
            ' and ',
            { text: 'contact page', to: paths.contact },
            '.',
          ],
        },
      ],
    },
  ],
}
