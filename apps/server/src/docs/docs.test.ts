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
