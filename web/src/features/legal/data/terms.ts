import { BUSINESS_HOURS, company, companyEmailHref, companyPhoneHref } from '@/config/company'
import { paths } from '@/config/paths'
import { HEAD_OFFICE_ADDRESS, POLICIES_UPDATED, type PolicyDocument } from './types'

export const termsOfUse: PolicyDocument = {
  title: 'Terms of use',
  description:
    'The terms for using Paryatan and booking flights, hotels, visas, holidays, cruises and MICE travel with us: our role as your agent, fares and payment, travel documents, liability and governing law.',
  lead: 'These terms apply when you use this website or book through Paryatan. Please read them with the fare rules and supplier conditions shown before you pay.',
  updated: POLICIES_UPDATED,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are and our role',
      blocks: [
        {
          kind: 'p',
          text: `${company.name} (“${company.brand}”, “we”), with its head office at ${HEAD_OFFICE_ADDRESS}, runs this website. By using it or booking with us you accept these terms.`,
        },
        {
          kind: 'p',
          text: 'We act as your booking agent. We do not operate flights, hotels, cruises or visa offices. Flights are booked with the airline through our consolidator, TBO, and the airline’s conditions of carriage and fare rules govern your journey. Hotels, cruise lines, visa partners and other suppliers provide their services under their own terms, which we show or send you before you pay.',
        },
      ],
    },
    {
      id: 'your-account',
      heading: 'Your account',
      blocks: [
        {
          kind: 'list',
          items: [
            'You need an account to book. You must be 18 or over to hold one; a parent or guardian books for a child.',
            'Keep your password to yourself and sign out on shared devices. You are responsible for bookings made from your account.',
            'Give us accurate contact details: tickets, schedule changes and refund updates go to the e-mail address and mobile number on the booking.',
            [
              'You can update your details in ',
              { text: 'your profile', to: paths.profile },
              ' and the people you travel with in ',
              { text: 'co-travellers', to: paths.coTravellers },
              '.',
            ],
          ],
        },
      ],
    },
    {
      id: 'prices-and-fares',
      heading: 'Prices and fares',
      blocks: [
        {
          kind: 'list',
          items: [
            'Prices are in Indian rupees (₹) and include the taxes and airline charges we know of at the time.',
            'Airline fares are live and can change, or sell out, until the ticket is issued. We check the fare again with the airline before you pay and show you any change.',
            'Our convenience fee, if any, is shown separately before you pay. GST is charged where it applies, and you receive a tax invoice.',
            'Holiday, cruise and MICE prices are quoted for your dates and group; the quote says what is included and how long the price holds.',
          ],
        },
      ],
    },
    {
      id: 'payment-and-ticketing',
      heading: 'Payment and ticketing',
      blocks: [
        {
          kind: 'p',
          text: 'We issue tickets and confirm bookings only after your payment succeeds. Payments are taken by Razorpay by UPI, card, net banking or the other methods it shows you. If the airline refuses to issue a ticket after you have paid, we refund you in full automatically. If the fare changes after you have paid but before the ticket is issued, you can pay the difference or cancel for a full refund.',
        },
      ],
    },
    {
      id: 'holds-and-pay-by-times',
      heading: 'Booking holds and pay-by times',
      blocks: [
        {
          kind: 'p',
          text: 'Some fares and quotes can be held for a short time. A held booking shows a pay-by time: if payment has not reached us by then, the airline or supplier releases the seats or rooms and the price may change. A hold is not a confirmed booking.',
        },
      ],
    },
    {
      id: 'traveller-details',
      heading: 'Traveller names and details',
      blocks: [
        {
          kind: 'p',
          text: 'Enter every traveller’s name exactly as it appears on the passport (international travel) or the government photo ID they will carry (domestic travel), with the correct date of birth and gender. Airlines may refuse boarding, or charge to correct a name, when details do not match. Please check them before you pay; corrections after ticketing are at the airline’s discretion and fees.',
        },
      ],
    },
    {
      id: 'travel-documents-and-visas',
      heading: 'Travel documents and visas',
      blocks: [
        {
          kind: 'list',
          items: [
            'You are responsible for holding a valid passport, visas, transit visas, health documents and anything else your destination and transit points require. Most countries expect a passport valid for at least six months beyond your stay.',
            'Entry rules change often. Our guides are a starting point: check the current rules with the embassy or airline before you book and again before you travel.',
            'Visa decisions are made by the embassy or immigration authority alone. We cannot influence them or guarantee an outcome or a processing time.',
            'Visa fees are not refundable once an application is submitted, except on select visas where a refund on rejection is stated at the time you apply.',
          ],
        },
      ],
    },
    {
      id: 'changes-and-cancellations',
      heading: 'Changes and cancellations',
      blocks: [
        {
          kind: 'p',
          text: [
            'Changes and cancellations follow the airline’s or supplier’s rules plus our fee, as shown before you pay. The ',
            { text: 'cancellation and refund policy', to: paths.cancellation },
            ' explains how to cancel, what you get back and how long refunds take.',
          ],
        },
      ],
    },
    {
      id: 'our-liability',
      heading: 'Our liability',
      blocks: [
        {
          kind: 'list',
          items: [
            'Airlines, hotels, cruise lines and other suppliers are responsible for the services they provide, including delays, cancellations, overbooking, baggage and the standard of accommodation. We will help you take any claim up with them.',
            'We are responsible for making your booking with reasonable care and skill. Where we are at fault, our liability is limited to the amount you paid us for the booking concerned, except where the law does not allow such a limit.',
            'We are not liable for losses caused by events beyond our control, such as weather, strikes, government action, pandemics or airspace closures, or for indirect losses such as missed connections on separate bookings.',
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        {
          kind: 'p',
          text: 'Use this website only to search for and book genuine travel for yourself or people who have asked you to. Do not make speculative or fake bookings, resell our fares without an agreement with us, scrape or overload the site, try to get around its security, or use someone else’s account or payment method. We may cancel bookings and close accounts that break these rules.',
        },
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law and disputes',
      blocks: [
        {
          kind: 'p',
          text: 'These terms are governed by the laws of India. Please contact us first so we can try to resolve any problem. Disputes that cannot be resolved are subject to the jurisdiction of the courts at Gurugram, Haryana. This does not take away any right you have under the Consumer Protection Act, 2019.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [
        {
          kind: 'p',
          text: [
            'E-mail ',
            { text: company.email, href: companyEmailHref },
            ' or call ',
            { text: company.phone, href: companyPhoneHref },
            ` (${BUSINESS_HOURS}), or use our `,
            { text: 'contact page', to: paths.contact },
            '.',
          ],
        },
      ],
    },
  ],
}
