import { describe, expect, it } from 'vitest';
import { newPage, shot } from './support.ts';

describe('API reference', () => {
  it('should render every operation of the contract at /api/docs with no content security policy violation', async () => {
    const page = await newPage(1280, '/api/health');
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/api/docs');
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(30);
    await expect(page.locator('.info .title').textContent()).resolves.toContain('Personal Site API');
    // Opening an operation shows its responses, drawn from the contract's schemas.
    await page.locator('.opblock-summary', { hasText: '/api/signup' }).first().click();
    await page.locator('.opblock.is-open .responses-wrapper').waitFor();
    await shot(page, 'api-docs');
    expect(violations).toEqual([]);
  });
});
