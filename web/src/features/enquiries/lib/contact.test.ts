import { describe, expect, it } from 'vitest'
import { canSend, contactInput, contactMail, teamForTopic, topicOf } from './contact'

describe('contact rules', () => {
  const full = { name: 'Asha', email: 'a@b.in', message: 'Hello' }

  it('sends only when name, e-mail and message hold more than spaces, not while sending, not once sent', () => {
    expect(canSend(full, false, false)).toBe(true)
    expect(canSend({ ...full, name: '   ' }, false, false)).toBe(false)
    expect(canSend({ ...full, email: '' }, false, false)).toBe(false)
    expect(canSend({ ...full, message: ' \n ' }, false, false)).toBe(false)
    expect(canSend(full, true, false)).toBe(false)
    expect(canSend(full, false, true)).toBe(false)
  })

  it('routes topics to holidays, MICE or support as the API does', () => {
    expect(teamForTopic('Holidays')).toBe('holidays')
    expect(teamForTopic('Cruises')).toBe('holidays')
    expect(teamForTopic('MICE')).toBe('mice')
    for (const t of ['General', 'Flights', 'Hotels', 'Visa']) expect(teamForTopic(t)).toBe('support')
    expect(topicOf('visa')).toBe('Visa')
    expect(topicOf('nope')).toBe('General')
  })

  it('trims what it sends and leaves an empty phone out; the mail goes to the topic’s mailbox', () => {
    const v = { topic: 'Cruises' as const, name: ' Asha ', email: ' a@b.in ', phone: ' ', message: ' Hi \n there ' }
    expect(contactInput(v)).toEqual({
      kind: 'contact',
      topic: 'Cruises',
      name: 'Asha',
      email: 'a@b.in',
      phone: undefined,
      message: 'Hi \n there',
    })
    const mail = contactMail(v)
    expect(mail.to).toBe('holidays@paryatan.in')
    expect(mail.subject).toBe('Cruises: message from Asha')
    expect(contactMail({ ...v, topic: 'MICE' }).to).toBe('mice@paryatan.in')
    expect(contactMail({ ...v, topic: 'Flights' }).to).toBe('support@paryatan.in')
  })
})
