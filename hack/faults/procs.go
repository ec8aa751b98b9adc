package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Binaries are the programs the drill runs as child processes.
type Binaries struct {
	// API is paryatan-api, Sim the supplier simulator tbo-sim, Gateway the
	// payment gateway simulator razorpay-sim.
	API, Sim, Gateway string
}

// binaryNames are the commands under ./cmd the drill runs.
var binaryNames = []string{"paryatan-api", "tbo-sim", "razorpay-sim"}

// FindBinaries returns the drill's binaries: from binDir (the Makefile
// passes its ./bin) when set, else built into dir from the module around
// the working directory.
func FindBinaries(ctx context.Context, binDir, dir string) (Binaries, error) {
	from := binDir
	if binDir == "" {
		root, err := moduleRoot()
		if err != nil {
			return Binaries{}, err
		}
		args := []string{"build", "-o", dir + string(filepath.Separator)}
		for _, n := range binaryNames {
			args = append(args, "./cmd/"+n)
		}
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return Binaries{}, fmt.Errorf("go build: %w: %s", err, out)
		}
		from = dir
	}
	paths := make([]string, len(binaryNames))
	for i, n := range binaryNames {
		paths[i] = filepath.Join(from, n)
		if _, err := os.Stat(paths[i]); err != nil {
			return Binaries{}, fmt.Errorf("binary missing (build with make build): %w", err)
		}
	}
	return Binaries{API: paths[0], Sim: paths[1], Gateway: paths[2]}, nil
}

// moduleRoot is the nearest directory above the working directory holding
// go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Proc is a child process that can be started again after it ends, with
// its output appended to one log file.
type Proc struct {
	Name    string
	Path    string
	Args    []string
	Env     []string
	LogPath string

	mu     sync.Mutex
	cmd    *exec.Cmd
	done   chan struct{}
	starts int
}

// Start runs the process. It fails when the process is already running.
func (p *Proc) Start() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.running() {
		return fmt.Errorf("%s is already running", p.Name)
	}
	f, err := os.OpenFile(p.LogPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	p.starts++
	fmt.Fprintf(f, "--- %s: start %d at %s ---\n", p.Name, p.starts, time.Now().Format(time.StampMilli))
	cmd := exec.Command(p.Path, p.Args...)
	cmd.Env = p.Env
	cmd.Stdout, cmd.Stderr = f, f
	// Children die with the suite, whatever ends it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		f.Close()
		return fmt.Errorf("start %s: %w", p.Name, err)
	}
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		fmt.Fprintf(f, "--- %s: exited (%s) at %s ---\n", p.Name, cmd.ProcessState, time.Now().Format(time.StampMilli))
		f.Close()
		close(done)
	}()
	p.cmd, p.done = cmd, done
	return nil
}

func (p *Proc) running() bool {
	if p.done == nil {
		return false
	}
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// Running reports whether the process is alive.
func (p *Proc) Running() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.running()
}

// Exited is closed when the current run of the process ends.
func (p *Proc) Exited() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done == nil {
		c := make(chan struct{})
		close(c)
		return c
	}
	return p.done
}

// Kill ends the process with SIGKILL (no drain, no clean-up) and waits for
// it to be gone.
func (p *Proc) Kill() {
	p.mu.Lock()
	cmd, done := p.cmd, p.done
	alive := p.running()
	p.mu.Unlock()
	if !alive {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	<-done
}

// Term sends SIGTERM and waits up to grace for the process to end, then
// kills it. It reports whether the process ended on its own.
func (p *Proc) Term(grace time.Duration) bool {
	p.mu.Lock()
	cmd, done := p.cmd, p.done
	alive := p.running()
	p.mu.Unlock()
	if !alive {
		return true
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
		return true
	case <-time.After(grace):
		p.Kill()
		return false
	}
}

// Tail returns the last n lines of the log.
func (p *Proc) Tail(n int) string {
	b, err := os.ReadFile(p.LogPath)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(bytes.ToValidUTF8(b, nil)), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Count returns how often s occurs in the log.
func (p *Proc) Count(s string) int {
	b, err := os.ReadFile(p.LogPath)
	if err != nil {
		return 0
	}
	return bytes.Count(b, []byte(s))
}

// freePort returns a loopback port nobody listens on now; a restarted
// process is given the same one.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// listenedAt waits for the line "… listening on <url>" a simulator
// prints once bound (it is started on port 0, so no other process can take
// its port between choosing and binding) and returns the URL, from the
// current run's part of the log.
func listenedAt(ctx context.Context, p *Proc, timeout time.Duration) (string, error) {
	marker := " listening on "
	deadline := time.Now().Add(timeout)
	exited := p.Exited()
	for {
		if b, err := os.ReadFile(p.LogPath); err == nil {
			run := string(b)
			if i := strings.LastIndex(run, "--- "+p.Name+": start "); i >= 0 {
				run = run[i:]
			}
			if i := strings.Index(run, marker); i >= 0 {
				rest := run[i+len(marker):]
				if j := strings.IndexByte(rest, '\n'); j >= 0 {
					return strings.TrimSpace(rest[:j]), nil
				}
			}
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("%s: no %q after %s:\n%s", p.Name, marker, timeout, p.Tail(20))
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-exited:
			return "", fmt.Errorf("%s exited while starting:\n%s", p.Name, p.Tail(20))
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// waitHTTP polls url until it answers 200, the process ends, or timeout.
func waitHTTP(ctx context.Context, p *Proc, url string, timeout time.Duration) error {
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(timeout)
	exited := p.Exited()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if res, err := client.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s: %s not ready after %s", p.Name, url, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-exited:
			return fmt.Errorf("%s exited while starting:\n%s", p.Name, p.Tail(20))
		case <-time.After(50 * time.Millisecond):
		}
	}
}
