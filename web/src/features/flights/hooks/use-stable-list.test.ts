import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sameSection, type ResultSection } from '../lib/sections'
import { useStableList } from './use-stable-list'

const section = (over: Partial<ResultSection> = {}): ResultSection => ({
  key: '0',
  title: 'BOM → DEL',
  from: 'BOM',
  to: 'DEL',
  date: '2026-12-06',
  status: 'success',
  errorMessage: '',
  flights: [],
  traceId: 't1',
  searchedAt: 1,
  ...over,
})

describe('useStableList', () => {
  it('gives back the array of the last render while every element is the same', () => {
    const a = {}
    const b = {}
    const { result, rerender } = renderHook(({ items }) => useStableList(items), { initialProps: { items: [a, b] } })
    const first = result.current
    rerender({ items: [a, b] })
    expect(result.current).toBe(first)
    rerender({ items: [a, {}] })
    expect(result.current).not.toBe(first)
  })

  it('compares sections field by field, so sections rebuilt on each render stay one array', () => {
    const flights = [] as ResultSection['flights']
    const { result, rerender } = renderHook(({ items }) => useStableList(items, sameSection), {
      initialProps: { items: [section({ flights })] },
    })
    const first = result.current
    rerender({ items: [section({ flights })] })
    expect(result.current).toBe(first)
    rerender({ items: [section({ flights, status: 'error', errorMessage: 'Supplier timed out' })] })
    expect(result.current).not.toBe(first)
    expect(result.current[0]?.errorMessage).toBe('Supplier timed out')
    expect(sameSection(section({ flights }), section({ flights: [...flights] }))).toBe(false)
  })
})
