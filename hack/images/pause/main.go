// Command pause is the process of a pod's sandbox container on a local
// cluster: it holds the pod's namespaces and does nothing until the kubelet
// stops the sandbox with SIGTERM (or SIGINT), then exits 0. As PID 1 of a
// pod that shares its process namespace it also reaps orphaned processes,
// which would otherwise stay zombies.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGCHLD)
	for s := range sigs {
		if s != syscall.SIGCHLD {
			os.Exit(0)
		}
		// Several children may end per signal delivered: reap all that have.
		for {
			pid, err := syscall.Wait4(-1, nil, syscall.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
		}
	}
}
