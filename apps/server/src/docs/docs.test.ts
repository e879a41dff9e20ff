import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { contract } from '@site/contract';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from '../../test/support.ts';

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((r) => (isAppRoute(r) ? [r] : routesOf(r)));
}

describe('API documentation', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.close());

  it('should list every contract route with its method in /api/openapi.json', async () => {
    const visitor = await site.visitor();
    const res = await visitor.agent.get('/api/openapi.json').expect(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const routes = routesOf(contract);
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .map((r) => ({ path: r.path.replace(/:(\w+)/g, '{$1}'), method: r.method.toLowerCase() }))
      .filter((r) => !paths[r.path]?.[r.method]);
    expect(missing).toEqual([]);
  });

  it('should document the zip downloads as application/zip answers', async () => {
    const visitor = await site.visitor();
    const paths = (await visitor.agent.get('/api/openapi.json').expect(200)).body.paths;
    for (const path of ['/api/files/{nodeId}/zip', '/api/photo-albums/{photoAlbumId}/zip']) {
      expect(Object.keys(paths[path].get.responses['200'].content), path).toEqual(['application/zip']);
    }
  });

  it('should serve a document that validates as OpenAPI 3.1', async () => {
    const visitor = await site.visitor();
    const document = (await visitor.agent.get('/api/openapi.json').expect(200)).body;
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("should pass Redocly's recommended rules", async () => {
    const visitor = await site.visitor();
    const document = (await visitor.agent.get('/api/openapi.json').expect(200)).text;
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // A personal site's API, not published for reuse: it has no licence to name.
        'info-license': 'off',
        // The API is the site's own, at its own origin; a servers list only adds an unlabelled picker to the docs.
        'no-empty-servers': 'off',
        // The spec's routes: /api/files/signed-url/{uploadId} is matched before /api/files/{nodeId}/download.
        'no-ambiguous-paths': 'off',
        // /api/csrf, /api/health and /api/ready take no input and need no session: they have no 4xx to list.
        'operation-4xx-response': 'off',
      },
    });
    const problems = await lintFromString({ source: document, absoluteRef: '/api/openapi.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('should keep the shapes the generator drops: tuples, paging and retry headers, who may call', async () => {
    const visitor = await site.visitor();
    const { paths, components } = (await visitor.agent.get('/api/openapi.json').expect(200)).body;
    const upload = paths['/api/photo-albums/{photoAlbumId}/upload'].post;
    expect(upload.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'array',
      prefixItems: [{ type: 'string', format: 'uuid' }, { type: 'string' }],
      minItems: 2,
      maxItems: 2,
    });
    expect(Object.keys(paths['/api/files'].get.responses['200'].headers)).toEqual(['x-next-page']);
    expect(Object.keys(paths['/api/login'].post.responses['429'].headers)).toEqual(['Retry-After']);
    expect(Object.keys(upload.responses)).not.toContain('429');
    expect(Object.keys(paths['/api/files'].get.responses)).not.toContain('507');
    expect(upload.security).toEqual([{ session: [], csrf: [] }, { csrf: [] }]);
    expect(Object.keys(components.securitySchemes)).toEqual(['session', 'csrf']);
  });

  it('should serve the reference page and its scripts from the site itself under a CSP without eval', async () => {
    const visitor = await site.visitor();
    const page = await visitor.agent.get('/api/docs').expect(200);
    expect(page.text).toContain('<main id="swagger-ui">');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.every((s) => s.startsWith('/api/docs/'))).toBe(true);
    for (const src of [...scripts, '/api/docs/swagger-ui.css', '/api/docs/site.css']) {
      const asset = await visitor.agent.get(src).expect(200);
      expect(Number(asset.headers['content-length'] ?? asset.text.length)).toBeGreaterThan(50);
    }
    await visitor.agent.get('/api/docs/index.html').expect(404);
  });
});
