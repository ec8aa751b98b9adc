# Paryatan — `make help` lists the targets.

SHELL := /usr/bin/env bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

GO      ?= go
NPM     ?= npm
BIN     := bin
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)

# The Go packages (node_modules holds Go code of its own, so not ./...).
GO_PKGS := ./api/... ./cmd/... ./internal/... ./operator/... ./web/... ./hack/...
# The end-to-end suite on a cluster (make test-cluster) is checked with the rest, run apart.
GO_LINT_PKGS := $(GO_PKGS) ./test/...

# Stamps: reinstall dependencies only when their lock files change.
NODE_STAMP := node_modules/.paryatan-installed

# The API's contract, and the web app's types generated from it.
OPENAPI := api/openapi.yaml
API_TS  := web/src/lib/api.gen.ts

# Fuzz targets (name:package), each run for FUZZTIME by make test: no input
# may panic a decoder or make the API answer 5xx. Seeds are in the tests.
FUZZ_TARGETS := FuzzSanitize:./internal/returnpath FuzzParse:./internal/supplier/connector \
	FuzzSupplierAnswer:./internal/supplier/tbo FuzzJSONRoutes:./internal/httpapi FuzzTravellerView:./internal/flights \
	FuzzWebhook:./internal/payment/razorpay
FUZZTIME ?= 4s

# Code generators, pinned and installed into ./bin on first use.
SQLC_VERSION := v1.31.1
SQLC := $(BIN)/sqlc-$(SQLC_VERSION)
GOLANGCI_VERSION := v2.15.0
GOLANGCI := $(BIN)/golangci-lint-$(GOLANGCI_VERSION)
# Helm runs the chart tests (hack/charttest); built from source, never imported.
HELM_VERSION := v3.19.2
HELM := $(BIN)/helm-$(HELM_VERSION)

CONTROLLER_GEN_VERSION := v0.19.0
CONTROLLER_GEN := $(BIN)/controller-gen-$(CONTROLLER_GEN_VERSION)

# The Kubernetes API server and etcd the operator's tests run against, built
# from the Go module proxy by hack/envtest-bins.sh (version: hack/envtest/go.mod).
ENVTEST_K8S := $(shell sed -n 's/^\tk8s.io\/kubernetes v\([0-9.]*\).*/\1/p' hack/envtest/go.mod)
ENVTEST_DIR := $(BIN)/envtest-$(ENVTEST_K8S)
ENVTEST := $(ENVTEST_DIR)/kube-apiserver

.PHONY: help
help: ## Show this help
	@awk 'BEGIN {FS = ":.*## "} /^##@/ {printf "\n%s\n", substr($$0, 5)} /^[a-zA-Z0-9_-]+:.*## / {printf "  %-8s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

##@ Everyday

.PHONY: run
run: build ## Install what is needed, build, and start Paryatan on embedded defaults
	./$(BIN)/paryatan-api

.PHONY: test
test: build $(HELM) $(ENVTEST) ## Run every test: Go (real PostgreSQL, real Kubernetes API server), the Helm chart, fuzzing, web unit tests, browser journeys (Chromium), the chart on a local cluster (root)
	PARYATAN_REQUIRE_WEB=1 PARYATAN_BIN_DIR=$(CURDIR)/$(BIN) HELM=$(CURDIR)/$(HELM) PROMTOOL=$(shell hack/ensure-promtool.sh) PDFTOTEXT=$(shell hack/ensure-poppler.sh) KUBEBUILDER_ASSETS=$(CURDIR)/$(ENVTEST_DIR) $(GO) test -race -count=1 $(GO_PKGS)
	$(MAKE) --no-print-directory fuzz
	$(NPM) run test -w web
	hack/e2e.sh
	$(MAKE) --no-print-directory test-cluster

.PHONY: fuzz
fuzz: ## Run each fuzz target for FUZZTIME (4s; part of make test)
	@log=$$(mktemp); trap 'rm -f "$$log"' EXIT; \
	for t in $(FUZZ_TARGETS); do \
		echo "fuzz $${t%%:*} ($(FUZZTIME))"; \
		if ! $(GO) test -run '^$$' -fuzz "^$${t%%:*}\$$" -fuzztime $(FUZZTIME) "$${t#*:}" >"$$log" 2>&1; then \
			cat "$$log"; exit 1; \
		fi; \
	done

.PHONY: build
build: deps web ## Build the web app and the binaries into ./bin
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/ ./cmd/...

.PHONY: gen
gen: $(NODE_STAMP) $(SQLC) crd ## Regenerate generated code and data (sqlc queries, web API types from api/openapi.yaml, airport and airline lists, the CRD)
	$(SQLC) generate -f internal/store/sqlc.yaml
	$(NPM) exec -w web -- openapi-typescript --default-non-nullable false $(CURDIR)/$(OPENAPI) -o $(CURDIR)/$(API_TS)
	$(NPM) exec -w web -- prettier --log-level warn --write $(CURDIR)/$(API_TS)
	node hack/gen-sim-data.mjs
	$(NPM) run gen -w web

.PHONY: lint
lint: deps $(GOLANGCI) $(SQLC) ## Static checks: gofmt, go vet, golangci-lint, sqlc vet (needs PostgreSQL), ESLint, tsc, knip
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(GO_LINT_PKGS)
	$(GOLANGCI) run $(GO_LINT_PKGS)
	$(GO) run ./hack/sqlcvet -sqlc $(SQLC)
	$(NPM) run lint -w web

.PHONY: bench
bench: build ## Benchmarks: Go micro-benchmarks, the API against the simulator, the web app's Core Web Vitals and Lighthouse scores (phone), then the booking fault soak
	$(GO) test -run '^$$' -bench . -benchmem $(GO_PKGS)
	$(GO) run ./hack/loadbench -bin $(BIN)
	$(GO) run ./hack/webvitals -bin $(BIN) -lighthouse
	$(GO) run ./hack/faults -bin $(CURDIR)/$(BIN) -bookings 2000

##@ Parts

.PHONY: crd
crd: $(CONTROLLER_GEN) ## Generate the SupplierConnector deepcopy code and CRD (config/crd/bases, and the chart's copy) from api/v1alpha1
	$(CONTROLLER_GEN) object paths=./api/...
	$(CONTROLLER_GEN) crd paths=./api/... output:crd:artifacts:config=config/crd/bases
	@$(MAKE) --no-print-directory chart-crds

.PHONY: crd-check
crd-check: crd ## Fail when the committed deepcopy code or CRD differ from what api/v1alpha1 generates
	@if [[ -n "$$(git status --porcelain --untracked-files=all -- api/v1alpha1 config/crd)" ]]; then \
		echo "make crd changed files; run it and commit the result:" >&2; \
		git status --porcelain --untracked-files=all -- api/v1alpha1 config/crd >&2; exit 1; \
	fi

.PHONY: operator-test
operator-test: build $(ENVTEST) ## Run only the operator's tests (envtest: a real kube-apiserver and etcd; the end-to-end one runs bin/paryatan-api)
	PARYATAN_BIN_DIR=$(CURDIR)/$(BIN) KUBEBUILDER_ASSETS=$(CURDIR)/$(ENVTEST_DIR) $(GO) test -race -count=1 ./api/... ./operator/... ./cmd/paryatan-operator/...

$(ENVTEST):
	hack/envtest-bins.sh $(ENVTEST_DIR) >/dev/null

$(CONTROLLER_GEN):
	@mkdir -p $(BIN)
	GOBIN=$(CURDIR)/$(BIN)/tmp-controller-gen $(GO) install sigs.k8s.io/controller-tools/cmd/controller-gen@$(CONTROLLER_GEN_VERSION)
	mv $(BIN)/tmp-controller-gen/controller-gen $@ && rmdir $(BIN)/tmp-controller-gen

.PHONY: deps
deps: $(NODE_STAMP) ## Install npm and Go dependencies
	$(GO) mod download

$(NODE_STAMP): package.json package-lock.json web/package.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

$(SQLC):
	@mkdir -p $(BIN)
	GOBIN=$(CURDIR)/$(BIN)/tmp-sqlc $(GO) install github.com/sqlc-dev/sqlc/cmd/sqlc@$(SQLC_VERSION)
	mv $(BIN)/tmp-sqlc/sqlc $@ && rmdir $(BIN)/tmp-sqlc

$(GOLANGCI):
	@mkdir -p $(BIN)
	GOBIN=$(CURDIR)/$(BIN)/tmp-golangci $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_VERSION)
	mv $(BIN)/tmp-golangci/golangci-lint $@ && rmdir $(BIN)/tmp-golangci

.PHONY: helm
helm: $(HELM) ## Install the pinned Helm into ./bin (built with go install; about 1.5 min, once)

$(HELM):
	hack/install-helm.sh $(HELM_VERSION)

.PHONY: chart-test
chart-test: $(HELM) ## Run only the Helm chart tests (golden helm template output, lint, assertions, promtool checks of the alerts; UPDATE=1 rewrites the golden files)
	HELM=$(CURDIR)/$(HELM) PROMTOOL=$(shell hack/ensure-promtool.sh) $(GO) test -count=1 ./hack/charttest/ $(if $(UPDATE),-run TestGolden -args -update)

.PHONY: chart-crds
chart-crds: ## Copy the generated CRDs (config/crd/bases) into the chart (charts/paryatan/files/crds)
	@rm -f charts/paryatan/files/crds/*.yaml
	@shopt -s nullglob; crds=(config/crd/bases/*.yaml); \
	if (( $${#crds[@]} )); then cp "$${crds[@]}" charts/paryatan/files/crds/; echo "copied $${crds[*]}"; \
	else echo "no CRDs in config/crd/bases yet"; fi

.PHONY: web
web: $(NODE_STAMP) ## Build the web app into web/dist and the API reference's viewer into api/docs (both embedded in the API binary)
	$(NPM) run build -w web

# Container images, built by hack/images without a container engine: one
# docker-archive per image in bin/images (docker load, ctr images import,
# kind load image-archive), REGISTRY/<name>:IMAGE_TAG, listed in
# bin/images/index.json. The same commit gives the same digests.
REGISTRY  ?= ghcr.io/paryatan
IMAGE_TAG ?= $(VERSION)
PUSH      ?=

.PHONY: images
images: web ## Build the API, operator and simulator images into bin/images without Docker (PUSH=1 also pushes them to REGISTRY, default ghcr.io/paryatan)
	$(GO) run ./hack/images -go $(GO) -out $(BIN)/images -registry $(REGISTRY) -tag $(IMAGE_TAG) \
		-version $(VERSION) -ldflags '$(LDFLAGS)' $(if $(PUSH),-push)

.PHONY: images-push
images-push: ## Build the images and push them to REGISTRY (credentials from docker login)
	@$(MAKE) --no-print-directory images PUSH=1

.PHONY: e2e
e2e: build ## Run only the browser journeys against a freshly started server
	hack/e2e.sh

.PHONY: clean
clean: ## Remove build output (keeps .data, the local database)
	rm -rf $(BIN) web/dist/assets web/dist/*.html web/dist/*.json
	find api/docs/vendor -type f ! -name .gitkeep -delete

##@ Local cluster

# A single-node Kubernetes on this machine (hack/cluster/cluster.sh; needs
# root): the node's binaries are built beside the envtest ones, once.
NODE_BINS := $(ENVTEST_DIR)/kubelet
PRODUCT_IMAGES := $(addprefix $(BIN)/images/,$(addsuffix .tar,paryatan-api paryatan-operator tbo-sim razorpay-sim visa-sim))

.PHONY: cluster
cluster: images $(NODE_BINS) ## Start a single-node Kubernetes here with the images loaded; the last line is export KUBECONFIG=…
	hack/cluster/cluster.sh up $(PRODUCT_IMAGES)

.PHONY: cluster-down
cluster-down: ## Stop the local cluster and undo what it changed (processes, mounts, namespaces, routes, rules)
	hack/cluster/cluster.sh down

.PHONY: test-cluster
test-cluster: images $(HELM) $(NODE_BINS) ## The end-to-end suite on the local cluster (started, and stopped after, when none is up; part of make test)
	HELM=$(CURDIR)/$(HELM) E2E_NAMESPACE=$(E2E_NAMESPACE) E2E_RELEASE=$(E2E_RELEASE) hack/test-cluster.sh

E2E_NAMESPACE ?= paryatan-e2e
E2E_RELEASE   ?= paryatan

$(NODE_BINS):
	hack/node-bins.sh $(ENVTEST_DIR) >/dev/null
