// Package documents renders a booking's documents as PDF: the e-ticket, the
// GST tax invoice for what Paryatan charges, and the credit note that
// reverses it on a cancellation.
//
// The functions are pure: they take plain data whose dates and times the
// caller has already formatted (in India's time, or an airport's local time
// for flights) and return the PDF's bytes, the same bytes for the same input
// every time. They read no clock, database or network. Fonts are the Go
// fonts, embedded in the binary; text they cannot draw is transliterated
// (Devanagari) or refused with an error, never printed as empty boxes.
package documents

// brand is the name the e-ticket is headed with.
const brand = "Paryatan"
