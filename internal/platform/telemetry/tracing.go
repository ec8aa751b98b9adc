package telemetry

import (
	"context"
	"fmt"
	"strings"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Tracing is the process's tracer provider and the function that flushes it.
type Tracing struct {
	Provider trace.TracerProvider
	// Exporting tells whether spans leave the process (an OTLP endpoint is set).
	Exporting bool
	shutdown  func(context.Context) error
}

// Shutdown flushes buffered spans; it is a no-op when nothing is exported.
func (t *Tracing) Shutdown(ctx context.Context) error { return t.shutdown(ctx) }

// SetupTracing builds the tracer provider from the standard OTEL_* variables.
// Spans are exported over OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT (or its
// traces-specific variant) is set and OTEL_SDK_DISABLED is not true; otherwise
// a no-op provider is used and instrumentation costs next to nothing. The SDK
// itself reads the rest: OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES,
// OTEL_TRACES_SAMPLER(_ARG), OTEL_EXPORTER_OTLP_{HEADERS,TIMEOUT,INSECURE,...}
// and OTEL_EXPORTER_OTLP_PROTOCOL (grpc, or http/protobuf by default).
func SetupTracing(ctx context.Context, getenv func(string) string, version string) (*Tracing, error) {
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))

	// The endpoint is read through getenv (not the process environment) so
	// that run's caller decides; the exporters read the other OTEL_* settings.
	tracesEndpoint := getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
	baseEndpoint := getenv("OTEL_EXPORTER_OTLP_ENDPOINT")
	if (tracesEndpoint == "" && baseEndpoint == "") || strings.EqualFold(getenv("OTEL_SDK_DISABLED"), "true") {
		tp := noop.NewTracerProvider()
		otel.SetTracerProvider(tp)
		return &Tracing{Provider: tp, shutdown: func(context.Context) error { return nil }}, nil
	}

	protocol := getenv("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
	if protocol == "" {
		protocol = getenv("OTEL_EXPORTER_OTLP_PROTOCOL")
	}
	var exp sdktrace.SpanExporter
	var err error
	switch protocol {
	case "", "http/protobuf":
		// The generic endpoint is a base URL: the signal path is appended.
		url := tracesEndpoint
		if url == "" {
			url = strings.TrimRight(baseEndpoint, "/") + "/v1/traces"
		}
		exp, err = otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(url))
	case "grpc":
		url := tracesEndpoint
		if url == "" {
			url = baseEndpoint
		}
		exp, err = otlptracegrpc.New(ctx, otlptracegrpc.WithEndpointURL(url))
	default:
		return nil, fmt.Errorf("OTEL_EXPORTER_OTLP_PROTOCOL=%q: want grpc or http/protobuf", protocol)
	}
	if err != nil {
		return nil, fmt.Errorf("otlp trace exporter: %w", err)
	}

	// Detectors apply in order, so OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES
	// override the built-in service name.
	res, err := resource.New(ctx,
		resource.WithTelemetrySDK(),
		resource.WithHost(),
		resource.WithAttributes(semconv.ServiceName("paryatan-api"), semconv.ServiceVersion(version)),
		resource.WithFromEnv(),
	)
	if err != nil {
		return nil, fmt.Errorf("trace resource: %w", err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	otel.SetTracerProvider(tp)
	return &Tracing{Provider: tp, Exporting: true, shutdown: tp.Shutdown}, nil
}
