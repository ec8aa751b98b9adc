/**
 * Resolves in a task of its own, as soon as the browser has handled what waits: a way to split long
 * work into tasks a tap can come between. A message on a channel, not a timer: a background tab
 * throttles timers to once a second, and nested ones are held back 4 ms each.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
