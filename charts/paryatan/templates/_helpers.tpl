{{/* Names, labels and the checks every render makes. */}}

{{- define "paryatan.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "paryatan.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "paryatan.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels shared by every resource. */}}
{{- define "paryatan.labels" -}}
helm.sh/chart: {{ include "paryatan.chart" . }}
app.kubernetes.io/name: {{ include "paryatan.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: paryatan
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* API: names, labels, selector. */}}
{{- define "paryatan.api.fullname" -}}
{{- include "paryatan.fullname" . -}}
{{- end -}}

{{- define "paryatan.api.selectorLabels" -}}
app.kubernetes.io/name: {{ include "paryatan.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: api
{{- end -}}

{{- define "paryatan.api.labels" -}}
{{ include "paryatan.labels" . }}
app.kubernetes.io/component: api
{{- end -}}

{{- define "paryatan.api.serviceAccountName" -}}
{{- if .Values.api.serviceAccount.create -}}
{{- default (include "paryatan.api.fullname" .) .Values.api.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.api.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Operator: names, labels, selector. */}}
{{- define "paryatan.operator.fullname" -}}
{{- printf "%s-operator" (include "paryatan.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "paryatan.operator.selectorLabels" -}}
app.kubernetes.io/name: {{ include "paryatan.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: operator
{{- end -}}

{{- define "paryatan.operator.labels" -}}
{{ include "paryatan.labels" . }}
app.kubernetes.io/component: operator
{{- end -}}

{{- define "paryatan.operator.serviceAccountName" -}}
{{- if .Values.operator.serviceAccount.create -}}
{{- default (include "paryatan.operator.fullname" .) .Values.operator.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.operator.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The names the operator and the API share. */}}
{{- define "paryatan.connectors.configMapName" -}}
{{- default (printf "%s-connectors" (include "paryatan.fullname" .)) .Values.connectors.configMapName -}}
{{- end -}}

{{- define "paryatan.connectors.secretName" -}}
{{- printf "%s-credentials" (include "paryatan.connectors.configMapName" .) -}}
{{- end -}}

{{- define "paryatan.cnpg.clusterName" -}}
{{- printf "%s-db" (include "paryatan.fullname" .) | trunc 50 | trimSuffix "-" -}}
{{- end -}}

{{/*
An image reference: repository, then @digest when one is given, else :tag (the chart's
appVersion when empty). "latest" is refused: a rollout must name what it runs.
Call with (dict "image" .Values.api.image "root" .).
*/}}
{{- define "paryatan.image" -}}
{{- $tag := default .root.Chart.AppVersion .image.tag | toString -}}
{{- if eq $tag "latest" -}}
{{- fail (printf "%s: the tag \"latest\" is refused; name a version or a digest" .image.repository) -}}
{{- end -}}
{{- if .image.digest -}}
{{- printf "%s@%s" .image.repository .image.digest -}}
{{- else -}}
{{- printf "%s:%s" .image.repository $tag -}}
{{- end -}}
{{- end -}}

{{/* The site's public origin: api.publicURL, else the first ingress host. */}}
{{- define "paryatan.publicURL" -}}
{{- if .Values.api.publicURL -}}
{{- .Values.api.publicURL | trimSuffix "/" -}}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts -}}
{{- $host := (first .Values.ingress.hosts).host -}}
{{- $https := false -}}
{{- range .Values.ingress.tls -}}
{{- if has $host .hosts -}}{{- $https = true -}}{{- end -}}
{{- end -}}
{{- printf "%s://%s" (ternary "https" "http" $https) $host -}}
{{- end -}}
{{- end -}}

{{/* terminationGracePeriodSeconds: delay + grace + slack. */}}
{{- define "paryatan.api.terminationGracePeriodSeconds" -}}
{{- $s := .Values.api.shutdown -}}
{{- add (int $s.delaySeconds) (int $s.graceSeconds) (int $s.slackSeconds) -}}
{{- end -}}

{{/*
Every check the chart makes before rendering anything; each failure names what to set.
*/}}
{{- define "paryatan.validate" -}}
{{- $errs := list -}}
{{- $longest := int .Values.supplier.longestTimeoutSeconds -}}
{{- $s := .Values.api.shutdown -}}
{{- if le (int $s.graceSeconds) $longest -}}
{{- $errs = append $errs (printf "api.shutdown.graceSeconds (%d) must be longer than supplier.longestTimeoutSeconds (%d): a draining pod would cut off supplier calls" (int $s.graceSeconds) $longest) -}}
{{- end -}}
{{- if le (int $s.writeTimeoutSeconds) $longest -}}
{{- $errs = append $errs (printf "api.shutdown.writeTimeoutSeconds (%d) must be longer than supplier.longestTimeoutSeconds (%d)" (int $s.writeTimeoutSeconds) $longest) -}}
{{- end -}}
{{- if lt (int $s.graceSeconds) (int $s.writeTimeoutSeconds) -}}
{{- $errs = append $errs (printf "api.shutdown.graceSeconds (%d) must be at least api.shutdown.writeTimeoutSeconds (%d): a request accepted just before the listener closed may run that long" (int $s.graceSeconds) (int $s.writeTimeoutSeconds)) -}}
{{- end -}}
{{- if and .Values.ingress.enabled (le (int .Values.ingress.proxyTimeoutSeconds) $longest) -}}
{{- $errs = append $errs (printf "ingress.proxyTimeoutSeconds (%d) must be longer than supplier.longestTimeoutSeconds (%d): the proxy would answer 504 while the supplier still works" (int .Values.ingress.proxyTimeoutSeconds) $longest) -}}
{{- end -}}
{{- if eq .Values.api.mode "production" -}}
{{- if not (include "paryatan.publicURL" .) -}}
{{- $errs = append $errs "api.publicURL is required in production mode (or enable the ingress with a host): e-mailed links and cookies are built from it" -}}
{{- end -}}
{{- if not .Values.smtp.existingSecret -}}
{{- $errs = append $errs "smtp.existingSecret (a Secret holding SMTP_URL) is required in production mode" -}}
{{- end -}}
{{- if not .Values.smtp.from -}}
{{- $errs = append $errs "smtp.from is required in production mode" -}}
{{- end -}}
{{- if and .Values.api.visaPartnerOrigin (not .Values.api.sso.existingSecret) -}}
{{- $errs = append $errs "api.sso.existingSecret (a Secret holding the partner's credential and the ticket signing keys, docs/sso.md) is required in production mode when api.visaPartnerOrigin is set" -}}
{{- end -}}
{{- if not .Values.payments.existingSecret -}}
{{- $errs = append $errs "payments.existingSecret (a Secret holding the gateway keys, config/payments.md) is required in production mode: no ticket is issued unpaid" -}}
{{- end -}}
{{- end -}}
{{- if not (or .Values.database.existingSecret .Values.postgresql.cnpg.enabled) -}}
{{- $errs = append $errs "database.existingSecret (a Secret holding DATABASE_URL) or postgresql.cnpg.enabled is required: the embedded database cannot run in a pod's read-only root" -}}
{{- end -}}
{{- if and .Values.autoscaling.enabled (gt (int .Values.autoscaling.minReplicas) (int .Values.autoscaling.maxReplicas)) -}}
{{- $errs = append $errs "autoscaling.minReplicas must not exceed autoscaling.maxReplicas" -}}
{{- end -}}
{{- if $errs -}}
{{- fail (printf "\n\nThe values need changing:\n  - %s\n" (join "\n  - " $errs)) -}}
{{- end -}}
{{- end -}}

{{/* "true" when the API scales through a KEDA ScaledObject rather than an HPA. */}}
{{- define "paryatan.keda" -}}
{{- if and .Values.autoscaling.enabled .Values.autoscaling.inFlight.enabled (eq .Values.autoscaling.inFlight.provider "keda") -}}true{{- end -}}
{{- end -}}

{{/* PromQL selector of the API's series. */}}
{{- define "paryatan.api.promSelector" -}}
namespace="{{ .Release.Namespace }}", job="{{ include "paryatan.api.fullname" . }}"
{{- end -}}

{{/*
The payment gateway's settings document (config/payments.md). Its checksum rolls the API pods.
*/}}
{{- define "paryatan.payments.settings" -}}
{{- with .Values.payments -}}
name: {{ .name }}
type: {{ .type }}
endpoints:
  api: {{ .endpoints.api | quote }}
  checkout: {{ .endpoints.checkout | quote }}
credentials:
  file: /var/run/secrets/paryatan/payments/credentials.json
merchantName: {{ .merchantName | quote }}
{{- with .timeouts }}
timeouts:
  {{- range $op, $d := . }}
  {{ $op }}: {{ $d | quote }}
  {{- end }}
{{- end }}
payWithin: {{ .payWithin | quote }}
{{- end -}}
{{- end -}}
