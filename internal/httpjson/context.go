package httpjson

import (
	"context"
	"log/slog"
)

type loggerKey struct{}

// WithLogger returns ctx carrying log, the logger Fail writes causes with.
func WithLogger(ctx context.Context, log *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, log)
}

// Logger returns ctx's logger (WithLogger), else slog's default.
func Logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok && l != nil {
		return l
	}
	return slog.Default()
}
