// Package operator is the SupplierConnector controller (controller-runtime).
// It renders every SupplierConnector of its namespace into the connector
// document the API pods read from CONNECTORS_FILE and hot-reload
// (config/connectors.md): a ConfigMap (key connectors.yaml, carrying a
// generation that grows with every change) and a Secret holding each
// connector's credentials as the credentials file's JSON. Rendering (Render,
// NextDocument) is pure; each connector is checked with the API's own parser
// (internal/supplier/connector), so the operator and the API cannot
// disagree on what is valid.
//
// Beside the controller, two runnables of the manager make the calls that
// leave the cluster's API: one calls each enabled supplier's Authenticate
// on the connector's probe interval, the other reads, from every ready
// endpoint of the API's Service, the document generation the pod has loaded
// (the API's paryatan_connector_config_generation gauge). Each keeps its
// latest results in memory and triggers a reconcile when they change;
// Reconcile itself calls the API server only, and computes the resources'
// status conditions (Ready, SpecAccepted, Rendered, SupplierReachable,
// Applied) with a pure function of what it read. See README.md.
package operator
