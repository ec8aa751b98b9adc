/** What the fare page says while the seats, meals and baggage step (or the airline's offers) load. */
export const EXTRAS_LOADING = 'Loading seats, meals and baggage…'
