// The modules an entry imports statically, directly or not, found once the
// build has read every module (buildEnd, before the chunks are made). The
// build gives them a chunk of their own (vite.config.ts): src/boot.ts runs
// before the app and must not wait for the app's code, which would otherwise
// share one chunk with it.
import type { Plugin } from 'vite'

export interface StaticGraph {
  plugin: Plugin
  /** Whether the module id is in the entry's static graph; false until the build has read the modules. */
  has: (id: string) => boolean
}

export function staticGraph(entry: string): StaticGraph {
  const ids = new Set<string>()
  return {
    has: (id) => ids.has(id),
    plugin: {
      name: 'paryatan:static-graph',
      apply: 'build',
      buildEnd(error) {
        if (error) return
        ids.clear()
        const stack = [entry]
        while (stack.length) {
          const id = stack.pop()!
          if (ids.has(id)) continue
          const info = this.getModuleInfo(id)
          if (!info) {
            if (id === entry) return // a build without this entry (the prerender's, for Node)
            continue
          }
          ids.add(id)
          stack.push(...info.importedIds)
        }
      },
    },
  }
}
