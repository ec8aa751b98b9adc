{{/*
The OpenTelemetry environment of the API: only what is set, so an empty endpoint leaves tracing
off (the API then exports nothing).
*/}}
{{- define "paryatan.api.otelEnv" -}}
{{- $o := .Values.telemetry.otlp -}}
{{- if or $o.endpoint $o.tracesEndpoint }}
{{- with $o.endpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ . | quote }}
{{- end }}
{{- with $o.tracesEndpoint }}
- name: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
  value: {{ . | quote }}
{{- end }}
- name: OTEL_EXPORTER_OTLP_PROTOCOL
  value: {{ $o.protocol | quote }}
{{- if $o.insecure }}
- name: OTEL_EXPORTER_OTLP_INSECURE
  value: "true"
{{- end }}
{{- if $o.headersSecret.name }}
- name: OTEL_EXPORTER_OTLP_HEADERS
  valueFrom:
    secretKeyRef:
      name: {{ $o.headersSecret.name }}
      key: {{ $o.headersSecret.key }}
{{- end }}
- name: OTEL_SERVICE_NAME
  value: {{ $o.serviceName | quote }}
- name: OTEL_TRACES_SAMPLER
  value: {{ $o.sampler | quote }}
- name: OTEL_TRACES_SAMPLER_ARG
  value: {{ $o.samplerArg | quote }}
- name: K8S_POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: K8S_NAMESPACE_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: OTEL_RESOURCE_ATTRIBUTES
  value: {{ printf "k8s.pod.name=$(K8S_POD_NAME),k8s.namespace.name=$(K8S_NAMESPACE_NAME)%s" (ternary (printf ",%s" $o.resourceAttributes) "" (ne $o.resourceAttributes "")) | quote }}
{{- end }}
{{- end -}}
