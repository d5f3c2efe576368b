import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** Evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not govern. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Runs axe-core's WCAG 2.0/2.1 A and AA rules on the page as it is now (or only on the elements
 * `include` selects) and fails on any violation, naming each rule and the elements it found.
 */
export async function expectNoAxeViolations(page: Page, screen: string, include?: string): Promise<void> {
  // Colours are judged as shown: a fading-in form would be measured half transparent. An animation
  // cancelled meanwhile (its element unmounted) rejects `finished`, which is as good as finished.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(selector ? { include: [selector] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as { violations: AxeViolation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, include);
  expect(violations, `axe violations on ${screen}`).toEqual([]);
}
