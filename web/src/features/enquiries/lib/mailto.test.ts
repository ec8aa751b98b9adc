import { describe, expect, it } from 'vitest'
import { mailDraft, mailtoHref } from './mailto'
import { proposalDefaults, proposalInput, proposalMail, proposalSchema } from './proposal'

describe('mail fallback', () => {
  it('writes the answers one per line to the team’s mailbox, leaving empty ones out', () => {
    const d = mailDraft('mice', 'MICE proposal request from Asha', [
      ['Name', 'Asha'],
      ['Budget', '  '],
      ['Notes', 'Line one\nLine two'],
    ])
    expect(d).toEqual({
      to: 'mice@paryatan.in',
      subject: 'MICE proposal request from Asha',
      body: 'Name: Asha\nNotes:\nLine one\nLine two',
    })
  })

  it('encodes subject and body into a mailto: link with CRLF line breaks', () => {
    const href = mailtoHref({ to: 'support@paryatan.in', subject: 'Visa: a & b', body: 'Hi\nthere' })
    expect(href).toBe('mailto:support@paryatan.in?subject=Visa%3A%20a%20%26%20b&body=Hi%0D%0Athere')
  })
})

describe('proposal rules', () => {
  const valid = {
    ...proposalDefaults('Meetings'),
    name: 'Asha',
    company: 'Acme',
    email: 'a@acme.in',
    phone: '9810001234',
  }

  it('needs Full Name, Company, Email (format) and Phone; the rest is optional', () => {
    expect(proposalSchema.safeParse(valid).success).toBe(true)
    const messages = (v: object) =>
      proposalSchema.safeParse({ ...valid, ...v }).error?.issues.map((i) => [i.path.join('.'), i.message])
    expect(messages({ name: ' ' })).toEqual([['name', 'Please enter your full name.']])
    expect(messages({ company: '' })).toEqual([['company', 'Please enter your company.']])
    expect(messages({ email: 'asha@' })).toEqual([['email', 'Please enter a valid e-mail address.']])
    expect(messages({ phone: '' })).toEqual([['phone', 'Please enter a phone number.']])
    expect(messages({ phone: '12345' })).toEqual([['phone', 'Please enter a valid phone number.']])
  })

  it('defaults to Meetings and fills from the account', () => {
    const d = proposalDefaults('Meetings', { fullName: 'Asha Rao', email: 'asha@example.in', phone: '+919810001234' })
    expect(d).toMatchObject({
      eventType: 'Meetings',
      name: 'Asha Rao',
      email: 'asha@example.in',
      phone: '+919810001234',
    })
  })

  it('sends trimmed values, empty optional ones left out, and mails the MICE team', () => {
    expect(proposalInput({ ...valid, name: ' Asha ', groupSize: ' 80 ', notes: '' })).toEqual({
      kind: 'proposal',
      name: 'Asha',
      company: 'Acme',
      email: 'a@acme.in',
      phone: '9810001234',
      eventType: 'Meetings',
      groupSize: '80',
      dates: undefined,
      destination: undefined,
      budget: undefined,
      notes: undefined,
    })
    expect(proposalMail(valid).to).toBe('mice@paryatan.in')
  })
})
