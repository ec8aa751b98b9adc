import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useInTurns } from './use-in-turns'

function Parts({ parts }: { parts: number }) {
  const shown = useInTurns(parts)
  return (
    <ol>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>part {i + 1}</li>
      ))}
    </ol>
  )
}

/** Lets one frame be drawn and the task after it run. */
async function nextTurn() {
  await act(async () => {
    await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)))
  })
}

describe('useInTurns', () => {
  afterEach(() => vi.restoreAllMocks())

  it('renders the first part at once, then one more after each frame, up to the last', async () => {
    render(<Parts parts={3} />)
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['part 1'])
    await nextTurn()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    await nextTurn()
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    await nextTurn()
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })

  it('waits for the browser to draw: with no frame, nothing more is shown', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0)
    render(<Parts parts={2} />)
    await act(async () => {
      await new Promise((done) => setTimeout(done, 50))
    })
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })

  it('asks for no frame once every part is shown, nor after it is gone', async () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame')
    const { unmount } = render(<Parts parts={1} />)
    expect(frames).not.toHaveBeenCalled()
    unmount()
    const cancel = vi.spyOn(window, 'cancelAnimationFrame')
    const two = render(<Parts parts={2} />)
    two.unmount()
    expect(cancel).toHaveBeenCalled()
  })
})
