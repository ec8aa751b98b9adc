// Shows the API's contract with Swagger UI (its files are copied into
// vendor/ at build time). Everything stays on this server: no validator
// badge, no fonts or scripts from elsewhere.
window.addEventListener('load', function () {
  if (typeof window.SwaggerUIBundle !== 'function') return // the viewer's files were not built in
  window.ui = window.SwaggerUIBundle({
    url: '/api/docs/openapi.yaml',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    withCredentials: true,
  })
})
