import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../spa';
import { createTestContext, type TestContext, testEnv } from '../test/harness';
import { API_DOCS_CSP, contentSecurityPolicy } from './security-headers';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('the Content-Security-Policy', () => {
  it('allows scripts from this origin only, and nothing inline or evaluated', () => {
    const policy = contentSecurityPolicy(testEnv());
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy).not.toContain('facebook');
  });

  it("allows Meta's SDK only when a Meta app is configured", () => {
    const policy = contentSecurityPolicy(testEnv({ META_APP_ID: '1234567890', META_CONFIG_ID: '987' }));
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://connect.facebook.net");
    expect(directive(policy, 'frame-src')).toContain('https://www.facebook.com');
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  });
});

describe('security headers on answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ serveWeb: true, env: { META_APP_ID: '1234567890' } });
  });
  afterAll(() => ctx.close());

  it('puts the policy and the frame, sniffing and referrer rules on HTML pages', async () => {
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) return; // `npm test` builds it first
    for (const url of ['/', '/sign-in', '/privacy']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy'], url).toBe(contentSecurityPolicy(ctx.env));
      expect(res.headers['content-security-policy'], url).toContain('https://connect.facebook.net');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('gives the API reference its own policy: inline styles (Swagger UI needs them), no inline scripts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(directive(API_DOCS_CSP, 'script-src')).toBe("script-src 'self'");
    expect(directive(API_DOCS_CSP, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('marks API answers nosniff and unframeable, errors included', async () => {
    for (const url of ['/api/session', '/api/contacts', '/api/nothing-here']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
    }
  });

  it('sends HSTS only when the public address is https', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestContext({ env: { PUBLIC_URL: 'https://inbox.example.com' } });
    try {
      const over = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(over.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});
