import { act, render } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createScrollMemory } from '@/lib/scroll-memory'
import { ScrollRestoration, type Scroller } from './scroll-restoration'

function setup(initial = '/a') {
  let y = 0
  const scroller: Scroller & { scrollTo: ReturnType<typeof vi.fn> } = {
    getY: () => y,
    scrollTo: vi.fn((next: number) => {
      y = next
    }),
    maxY: () => 10_000,
  }
  const memory = createScrollMemory(window.sessionStorage, 'test-scroll')
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollRestoration memory={memory} scroller={scroller} />
            <Outlet />
          </>
        ),
        children: [
          { path: 'a', element: <p>A</p> },
          { path: 'b', element: <p>B</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  )
  render(<RouterProvider router={router} />)
  const userScrollsTo = (next: number) => {
    y = next
    window.dispatchEvent(new Event('scroll'))
  }
  const go = async (to: string | number, replace = false) => {
    await act(async () => {
      if (typeof to === 'number') await router.navigate(to)
      else await router.navigate(to, { replace })
    })
  }
  return { scroller, memory, router, userScrollsTo, go, y: () => y }
}

describe('ScrollRestoration', () => {
  it('leaves the first render alone', () => {
    const { scroller } = setup()
    expect(scroller.scrollTo).not.toHaveBeenCalled()
  })

  it('scrolls to the top on a push to another path', async () => {
    const { scroller, userScrollsTo, go, y } = setup()
    userScrollsTo(800)
    await go('/b')
    expect(scroller.scrollTo).toHaveBeenLastCalledWith(0)
    expect(y()).toBe(0)
  })

  it('scrolls to the top when only the query or the hash changes, also on replace', async () => {
    const { scroller, userScrollsTo, go } = setup()
    userScrollsTo(300)
    await go('/a?page=2')
    expect(scroller.scrollTo).toHaveBeenCalledTimes(1)
    userScrollsTo(300)
    await go('/a?page=2#reviews')
    expect(scroller.scrollTo).toHaveBeenCalledTimes(2)
    userScrollsTo(300)
    await go('/b', true)
    expect(scroller.scrollTo).toHaveBeenCalledTimes(3)
    expect(scroller.scrollTo).toHaveBeenLastCalledWith(0)
  })

  it('does not move when the same address is pushed again', async () => {
    const { scroller, userScrollsTo, go } = setup()
    userScrollsTo(300)
    await go('/a')
    expect(scroller.scrollTo).not.toHaveBeenCalled()
  })

  it('restores the position remembered for the path on back and forward', async () => {
    const { scroller, userScrollsTo, go, y } = setup()
    userScrollsTo(1200)
    await go('/b')
    userScrollsTo(450)
    await go(-1)
    expect(scroller.scrollTo).toHaveBeenLastCalledWith(1200)
    expect(y()).toBe(1200)
    await go(1)
    expect(scroller.scrollTo).toHaveBeenLastCalledWith(450)
  })

  it('remembers positions per pathname in sessionStorage', async () => {
    const { memory, userScrollsTo } = setup()
    userScrollsTo(640)
    memory.flush()
    expect(JSON.parse(window.sessionStorage.getItem('test-scroll') ?? '{}')).toEqual({ '/a': 640 })
    expect(createScrollMemory(window.sessionStorage, 'test-scroll').get('/a')).toBe(640)
  })
})
