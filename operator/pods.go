package operator

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"

	discoveryv1 "k8s.io/api/discovery/v1"
)

// GenerationMetric is the gauge each API pod exports on its internal
// metrics listener: the generation of the connector document it uses.
const GenerationMetric = "paryatan_connector_config_generation"

// apiPod is one ready endpoint of the API's Service: its address and, when
// the endpoint names one, its pod.
type apiPod struct {
	Addr string
	Pod  string
}

// readyPods returns the ready endpoints in slices, each address once.
func readyPods(slices []discoveryv1.EndpointSlice) []apiPod {
	seen := map[string]bool{}
	var out []apiPod
	for _, s := range slices {
		for _, ep := range s.Endpoints {
			if ep.Conditions.Ready != nil && !*ep.Conditions.Ready {
				continue
			}
			if len(ep.Addresses) == 0 || seen[ep.Addresses[0]] {
				continue
			}
			seen[ep.Addresses[0]] = true
			p := apiPod{Addr: ep.Addresses[0]}
			if ep.TargetRef != nil && ep.TargetRef.Kind == "Pod" {
				p.Pod = ep.TargetRef.Name
			}
			out = append(out, p)
		}
	}
	return out
}

// GenerationAnnotation is set on an API pod that has not loaded the
// current document yet, to that document's generation. Changing a pod makes
// its kubelet sync it at once, which refreshes the mounted ConfigMap and
// Secret; otherwise the kubelet does so only on its periodic sync (a minute
// or more, jittered by half), and a connector change would take up to two
// minutes to reach every pod.
const GenerationAnnotation = "paryatan.io/connector-generation"

// generationPatch is the merge patch that sets GenerationAnnotation.
func generationPatch(gen int64) []byte {
	return []byte(`{"metadata":{"annotations":{"` + GenerationAnnotation + `":"` + strconv.FormatInt(gen, 10) + `"}}}`)
}

// podGeneration reads GenerationMetric from an API pod's /metrics.
func podGeneration(ctx context.Context, client *http.Client, addr string, port int) (int64, error) {
	url := "http://" + net.JoinHostPort(addr, strconv.Itoa(port)) + "/metrics"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	// Plain text exposition: one line per sample, easy to read without a
	// full parser.
	req.Header.Set("Accept", "text/plain")
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: HTTP %d", url, res.StatusCode)
	}
	return parseGeneration(io.LimitReader(res.Body, 8<<20))
}

// parseGeneration finds GenerationMetric's value in a Prometheus text
// exposition.
func parseGeneration(r io.Reader) (int64, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, GenerationMetric)
		if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '{') {
			continue
		}
		if i := strings.LastIndexByte(rest, '}'); i >= 0 {
			rest = rest[i+1:]
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		v, err := strconv.ParseFloat(fields[0], 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a number", GenerationMetric, fields[0])
		}
		return int64(v), nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("%s not exported", GenerationMetric)
}
