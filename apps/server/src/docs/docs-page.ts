/**
 * The reference page, its start-up script and the site's corrections to Swagger UI's look. All three are served
 * as our own files, so the site's CSP (script-src 'self') holds unchanged.
 */
export const docsPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Personal Site API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/site.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/** Deep links off: they put a link inside each operation's button, which screen readers cannot reach. */
export const docsStart = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: false });\n`;

/**
 * Swagger UI's method badges, version stamps and links, darkened to a contrast of at least 4.5:1 with their
 * text (WCAG AA); and long paths that wrap rather than widen the page on a phone.
 */
export const docsCss = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1f7a4d; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a5200; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #00736a; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c0262d; }
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1d4ed8; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize span { color: #1f7a4d; border-color: #1f7a4d; }
.swagger-ui .btn.authorize svg { fill: #1f7a4d; }
.swagger-ui .opblock .opblock-summary-path { max-width: none; flex-shrink: 1; min-width: 0; word-break: break-all; }
.swagger-ui .wrapper { padding: 0 12px; }
`;
