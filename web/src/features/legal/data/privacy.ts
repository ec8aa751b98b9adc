import { company, companyEmailHref } from '@/config/company'
import { paths } from '@/config/paths'
import { HEAD_OFFICE_ADDRESS, POLICIES_UPDATED, type PolicyDocument } from './types'

/** The Grievance Officer named under the DPDP Act and the IT Rules. */
export const GRIEVANCE_OFFICER = {
  name: 'Ananya Rao',
  email: 'grievance@paryatan.in',
} as const

const grievanceMail = { text: GRIEVANCE_OFFICER.email, href: `mailto:${GRIEVANCE_OFFICER.email}` }

export const privacyPolicy: PolicyDocument = {
  title: 'Privacy policy',
  description:
    'What personal data Paryatan collects when you book flights, hotels, visas and holidays, why we need it, who we share it with, how long we keep it and your rights under the DPDP Act, 2023.',
  lead: 'We ask only for what it takes to book and look after your trip, we never sell your data, and you can see, correct or erase it.',
  updated: POLICIES_UPDATED,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        {
          kind: 'p',
          text: `${company.name} (“${company.brand}”, “we”) runs this website and its booking services for flights, hotels, visas, holidays, cruises, offers, MICE (meetings, incentives, conferences and events) and our concierge service. We are the Data Fiduciary for the personal data described here, within the meaning of India’s Digital Personal Data Protection Act, 2023 (the DPDP Act).`,
        },
        {
          kind: 'p',
          text: `Our head office is at ${HEAD_OFFICE_ADDRESS}. This policy applies to everything you do on this website and to bookings and enquiries you make with our team by phone or e-mail.`,
        },
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      blocks: [
        { kind: 'p', text: 'Depending on what you use, we hold the following:' },
        {
          kind: 'list',
          items: [
            'Account: your name, e-mail address and mobile number, and your password, which we store only as an Argon2id hash (we cannot read it back). If you sign in with Google instead, we receive your Google account identity: your name, e-mail address and an account identifier.',
            'Profile and co-travellers: names as on the passport, date of birth, gender, nationality, passport number, issuing country and expiry date, frequent-flyer numbers, meal and seat preferences, and an emergency contact, for you and for anyone you save as a co-traveller.',
            'Bookings: your itinerary, the airline’s booking reference (PNR), ticket numbers, fares, taxes and fees.',
            'Payments: payments are taken by Razorpay, our payment gateway. We never see or store your card number, CVV or UPI PIN. We keep the Razorpay order and payment identifiers, the amount and the payment status.',
            'Enquiries: your name, e-mail address, phone number, your message and the travel details you share, such as dates, destinations and group size.',
            'Signed-in devices: for each session, your browser’s user agent, the IP address it signed in from, and when it was created and last used, so you can see where you are signed in.',
            'Service logs: our servers record requests (time, address, page or API path and the result) to keep the service running and to investigate faults and abuse.',
          ],
        },
        {
          kind: 'p',
          text: 'When you book for other people, please make sure they are happy for you to share their details with us for that trip.',
        },
      ],
    },
    {
      id: 'why-we-use-it',
      heading: 'Why we use it',
      blocks: [
        {
          kind: 'p',
          text: 'We process your data with your consent, which you give when you create an account, save a traveller, make a booking or send an enquiry, and for the legitimate uses the DPDP Act allows, such as meeting a legal obligation. We use it to:',
        },
        {
          kind: 'list',
          items: [
            'book and ticket your trip: airlines need each traveller’s name, date of birth and, for international travel, passport details, and the airline passes these to immigration authorities as the law of each country requires;',
            'take your payment and issue refunds;',
            'send your tickets, vouchers, booking confirmations, schedule changes and other updates about your trip by e-mail;',
            'answer your enquiries and plan trips you ask us about;',
            'keep your account secure, for example by showing your signed-in devices and spotting unusual sign-ins;',
            'meet our legal obligations, including tax invoices and GST records.',
          ],
        },
        {
          kind: 'p',
          text: 'We do not use your data for advertising profiles, and we do not send marketing e-mails unless you ask for them.',
        },
      ],
    },
    {
      id: 'who-we-share-it-with',
      heading: 'Who we share it with',
      blocks: [
        { kind: 'p', text: 'We share only what each party needs to do its part:' },
        {
          kind: 'list',
          items: [
            'Airlines, and TBO, the consolidator through which we book flights: traveller names, dates of birth, contact details and, where needed, passport and frequent-flyer details. Airlines flying internationally pass passenger details to immigration and border authorities.',
            'Razorpay, our payment gateway, which handles your card, UPI or net-banking details under its own privacy policy.',
            'Our partner visa site, only when you choose to open it from Paryatan: single sign-on passes your name and e-mail address so that you do not have to create a second account.',
            'Our e-mail delivery provider, which sends tickets, confirmations and replies on our behalf.',
            'Government, courts and law-enforcement authorities, when the law requires us to.',
          ],
        },
        {
          kind: 'p',
          text: 'Some airlines and authorities are outside India, so booking international travel means your details go abroad for that trip. We do not sell your personal data, and we do not use advertising or social-media trackers.',
        },
      ],
    },
    {
      id: 'how-long-we-keep-it',
      heading: 'How long we keep it',
      blocks: [
        {
          kind: 'list',
          items: [
            'Bookings, payments and invoices: 8 years, as Indian tax and accounting law requires.',
            'Enquiries: 2 years after we last heard from you about them.',
            'Signed-in sessions: a session ends after 30 days without use and after 90 days at most, however often it is used.',
            'Account, profile and co-traveller details: for as long as you keep your account. When you delete it, we delete this data within 30 days, except what the law makes us keep (such as booking and invoice records).',
            'Server logs: 30 days.',
          ],
        },
      ],
    },
    {
      id: 'how-we-protect-it',
      heading: 'How we protect it',
      blocks: [
        {
          kind: 'p',
          text: 'Everything you send us travels over an encrypted connection. Passwords are stored only as Argon2id hashes, the sign-in cookie cannot be read by scripts on the page, and only staff who need your details to look after your booking can see them. No system is perfectly secure; if a breach ever affects your data, we will tell you and the Data Protection Board of India as the DPDP Act requires.',
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights under the DPDP Act',
      blocks: [
        { kind: 'p', text: 'Under the Digital Personal Data Protection Act, 2023 you have the right to:' },
        {
          kind: 'list',
          items: [
            'access a summary of the personal data we hold about you, what we do with it, and who we have shared it with;',
            [
              'have it corrected, completed or brought up to date (you can edit most of it yourself in ',
              { text: 'your profile', to: paths.profile },
              ' and ',
              { text: 'your co-travellers', to: paths.coTravellers },
              ');',
            ],
            'have it erased when it is no longer needed for the purpose you gave it for, unless the law makes us keep it;',
            'withdraw your consent at any time, as easily as you gave it; what we did before you withdrew it stays lawful, and we may no longer be able to book or service a trip that needs the data;',
            'nominate someone to exercise these rights for you if you die or become unable to;',
            'have your grievances heard and resolved by us.',
          ],
        },
        {
          kind: 'p',
          text: [
            'To use any of these rights, write to our Grievance Officer at ',
            grievanceMail,
            ' from the e-mail address on your account. If you are not satisfied with our answer, you may then complain to the Data Protection Board of India.',
          ],
        },
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        {
          kind: 'p',
          text: 'If you are under 18, a parent or lawful guardian must make the booking or create the account for you and consent to our use of your details. We do not knowingly track children’s behaviour or direct advertising at them.',
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        {
          kind: 'p',
          text: [
            'We use only the cookies needed to keep you signed in, and no analytics or advertising cookies. The ',
            { text: 'cookie policy', to: paths.cookies },
            ' lists each one.',
          ],
        },
      ],
    },
    {
      id: 'grievance-officer',
      heading: 'Grievance Officer',
      blocks: [
        {
          kind: 'p',
          text: 'For any question or complaint about your personal data, contact our Grievance Officer:',
        },
        {
          kind: 'list',
          items: [
            `Name: ${GRIEVANCE_OFFICER.name}`,
            ['E-mail: ', grievanceMail],
            `Address: ${company.name}, ${HEAD_OFFICE_ADDRESS}`,
          ],
        },
        {
          kind: 'p',
          text: 'We acknowledge every grievance within 48 hours and resolve it within 30 days.',
        },
        {
          kind: 'p',
          text: [
            'For help with a booking, our travel team is at ',
            { text: company.email, href: companyEmailHref },
            '.',
          ],
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        {
          kind: 'p',
          text: 'When we change this policy, we update the date at the top of this page. If a change affects how we use data you have already given us, we will tell you by e-mail before it takes effect.',
        },
      ],
    },
  ],
}
