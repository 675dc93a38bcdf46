import { dirname, join } from 'node:path';

/** Where swagger-ui-dist's files are (resolved at run time: npm packages stay out of the server bundle). */
const swaggerUiDir = () => dirname(require.resolve('swagger-ui-dist/package.json'));

/**
 * The `/api/docs` page: Swagger UI from swagger-ui-dist, served from our own origin under the
 * site's strict CSP (`script-src 'self'`, `style-src 'self'`): no inline script or style, the
 * initializer is a file of its own, and Swagger UI's validator badge (a call to another host) is off.
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>dealership REST API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/docs.css">
</head>
<body>
<noscript>This page needs JavaScript; the REST contract itself is <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`;

const INITIALIZER = `// Starts Swagger UI on /api/openapi.json (a file, not inline: the CSP allows scripts of this origin only).
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    presets: [SwaggerUIBundle.presets.apis],
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: false,
    validatorUrl: null,
  });
});
`;

const PAGE_CSS = `body { margin: 0; background: #fff; }
.swagger-ui .information-container .info { margin: 24px 0; }
/* The document has no links: their empty column only pushed the answers past a phone's edge. */
.swagger-ui .response-col_links { display: none; }
`;

/** A file of the docs page: swagger-ui-dist's, read from disk when asked for, or ours, from memory. */
export interface DocsAsset {
  type: string;
  /** A file of swagger-ui-dist. */
  file?: string;
  text?: string;
}

export const DOCS_ASSETS: Record<string, DocsAsset> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'application/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'docs.js': { type: 'application/javascript; charset=utf-8', text: INITIALIZER },
  'docs.css': { type: 'text/css; charset=utf-8', text: PAGE_CSS },
};
export const DOCS_ASSET_NAMES = Object.keys(DOCS_ASSETS) as [string, ...string[]];

export function docsAssetPath(asset: DocsAsset): string | undefined {
  return asset.file ? join(swaggerUiDir(), asset.file) : undefined;
}
