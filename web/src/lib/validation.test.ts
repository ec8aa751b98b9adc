import { describe, expect, it } from 'vitest'
import casesText from '../../../internal/validate/testdata/cases.json?raw'
import {
  type Checked,
  checkDate,
  checkDateOfBirth,
  checkEmail,
  checkFullName,
  checkGSTIN,
  checkMobile,
  checkOneOf,
  checkPAN,
  checkPassengerGender,
  checkPassengerAge,
  checkPassengerName,
  checkPassportExpiry,
  checkPassportNumber,
  checkPassword,
  checkPastDate,
  checkPhone,
  checkPostalCode,
  checkText,
  checkTitle,
} from './validation'

/** The API's table of cases (Go package internal/validate): both sides keep the same rules. */
interface CaseFile {
  today: string
  cases: { rule: string; args: (string | number)[]; message: string; value?: string }[]
}

const file = JSON.parse(casesText) as CaseFile
const { today } = file

const str = (v: string | number | undefined): string => String(v ?? '')
const num = (v: string | number | undefined): number => Number(v)
const message = (m: string): Checked => ({ value: '', message: m })

const rules: Record<string, (args: (string | number)[]) => Checked> = {
  email: ([s]) => checkEmail(str(s)),
  password: ([s]) => message(checkPassword(str(s))),
  mobile: ([code, n]) => message(checkMobile(str(code), str(n))),
  phone: ([s]) => checkPhone(str(s)),
  fullName: ([s]) => checkFullName(str(s)),
  text: ([label, s, max]) => checkText(str(label), str(s), num(max)),
  passengerName: ([label, s]) => checkPassengerName(str(label), str(s)),
  title: ([s]) => checkTitle(str(s)),
  passengerGender: ([n]) => message(checkPassengerGender(num(n))),
  oneOf: ([label, s, ...allowed]) => checkOneOf(str(label), str(s), allowed.map(str)),
  date: ([label, s]) => checkDate(str(label), str(s)),
  pastDate: ([label, s]) => checkPastDate(str(label), str(s), today),
  dateOfBirth: ([s]) => checkDateOfBirth(str(s), today),
  passportNumber: ([s]) => checkPassportNumber(str(s)),
  passportExpiry: ([s]) => checkPassportExpiry(str(s), today),
  pan: ([s]) => checkPAN(str(s)),
  gstin: ([s]) => checkGSTIN(str(s)),
  passengerAge: ([t, dob, travel]) => message(checkPassengerAge(num(t), str(dob), str(travel))),
  postalCode: ([s, country]) => checkPostalCode(str(s), str(country)),
}

describe('validation rules (internal/validate/testdata/cases.json)', () => {
  it('covers every rule the file has', () => {
    expect(new Set(file.cases.map((c) => c.rule))).toEqual(new Set(Object.keys(rules)))
  })

  it.each(file.cases.map((c) => [`${c.rule}(${JSON.stringify(c.args).slice(1, -1)})`, c] as const))('%s', (_, c) => {
    const rule = rules[c.rule]
    if (!rule) throw new Error(`unknown rule ${c.rule}`)
    const got = rule(c.args)
    expect(got.message).toBe(c.message)
    if (c.value !== undefined) expect(got.value).toBe(c.value)
  })
})
