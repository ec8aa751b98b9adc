package rzpsim

import (
	"io"
	"net/http"
)

// AdminPrefix is the path prefix of the simulator's own controls. Razorpay
// has no such path, so a client written against the real API never reaches
// it. The controls take no credentials: the simulator is a loopback tool.
const AdminPrefix = "/_sim/"

// routes lists every path the simulator serves.
func (s *Sim) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "ok\n")
	})

	// Razorpay's API, with Basic authentication. Anything else under /v1
	// is answered as Razorpay answers an unknown URL or method.
	mux.Handle("POST /v1/orders", s.api(faultOrders, s.createOrder))
	mux.Handle("GET /v1/orders/{id}", s.api(faultFetch, s.fetchOrder))
	mux.Handle("GET /v1/orders/{id}/payments", s.api(faultFetch, s.fetchOrderPayments))
	mux.Handle("GET /v1/payments/{id}", s.api(faultFetch, s.fetchPayment))
	mux.Handle("POST /v1/payments/{id}/capture", s.api(faultCapture, s.capturePayment))
	mux.Handle("POST /v1/payments/{id}/refund", s.api(faultRefunds, s.createRefund))
	mux.Handle("GET /v1/payments/{id}/refunds", s.api(faultFetch, s.fetchPaymentRefunds))
	mux.Handle("GET /v1/payments/{id}/refunds/{refund}", s.api(faultFetch, s.fetchPaymentRefund))
	mux.Handle("GET /v1/refunds/{id}", s.api(faultFetch, s.fetchRefund))
	mux.HandleFunc("/v1/", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusBadRequest, requestError(http.StatusBadRequest, msgNoURL))
	})

	// The hosted checkout: pages for a browser, no API credentials.
	mux.HandleFunc("POST /v1/checkout/embedded", s.checkoutStart)
	mux.HandleFunc("POST /v1/checkout/embedded/pay", s.checkoutPay)
	mux.HandleFunc("GET /v1/checkout/embedded/result", s.checkoutResult)
	mux.HandleFunc("GET /v1/checkout/embedded/status", s.checkoutStatus)

	// The simulator's controls.
	mux.HandleFunc("GET "+AdminPrefix+"webhook", s.adminGetWebhook)
	mux.HandleFunc("PUT "+AdminPrefix+"webhook", s.adminPutWebhook)
	mux.HandleFunc("GET "+AdminPrefix+"deliveries", s.adminGetDeliveries)
	mux.HandleFunc("DELETE "+AdminPrefix+"deliveries", s.adminDeleteDeliveries)
	mux.HandleFunc("GET "+AdminPrefix+"faults", s.adminGetFaults)
	mux.HandleFunc("PUT "+AdminPrefix+"faults", s.adminPutFaults)
	mux.HandleFunc("DELETE "+AdminPrefix+"faults", s.adminDeleteFaults)
	mux.HandleFunc("GET "+AdminPrefix+"orders", s.adminGetOrders)
	mux.HandleFunc("POST "+AdminPrefix+"orders/{id}/pay", s.adminPay)
	mux.HandleFunc("POST "+AdminPrefix+"payments/{id}/complete", s.adminComplete)
	mux.HandleFunc("POST "+AdminPrefix+"payments/{id}/fail", s.adminFail)
	mux.HandleFunc(AdminPrefix, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusNotFound, adminError{Error: "no such control (or not with this method)"})
	})
	return mux
}
