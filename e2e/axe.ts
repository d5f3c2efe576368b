import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** Evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not govern. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * A violation known and owned elsewhere (e.g. a component being rewritten): `rule` on elements that
 * match `selector` is reported through `onKnown` instead of failing. Name who fixes it in `why`.
 */
export type KnownViolation = { rule: string; selector: string; why: string };

type AxeOptions = { known?: KnownViolation[]; onKnown?: (known: KnownViolation) => void };

/**
 * Runs axe-core's WCAG 2.0/2.1 A and AA rules on the page as it is now (or only on the elements
 * `include` selects) and fails on any violation, naming each rule and the elements it found.
 */
export async function expectNoAxeViolations(
  page: Page,
  screen: string,
  include?: string,
  { known = [], onKnown }: AxeOptions = {},
): Promise<void> {
  // Colours are judged as shown: a fading-in form would be measured half transparent. An animation
  // cancelled meanwhile (its element unmounted) rejects `finished`, which is as good as finished.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ selector, known }) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<unknown> } })
        .axe;
      const result = (await axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      })) as { violations: AxeViolation[] };
      const isKnown = (rule: string, target: string[]) =>
        known.findIndex((k) => {
          if (k.rule !== rule || target.length !== 1) return false;
          return document.querySelector(target[0]!)?.matches(k.selector) ?? false;
        });
      const seen = new Set<number>();
      const found = result.violations
        .map((v) => {
          const nodes = v.nodes.filter((n) => {
            const index = isKnown(v.id, n.target);
            if (index >= 0) seen.add(index);
            return index < 0;
          });
          return { id: v.id, impact: v.impact, help: v.help, nodes: nodes.map((n) => n.target.join(' ')) };
        })
        .filter((v) => v.nodes.length > 0);
      return { found, seen: [...seen] };
    },
    { selector: include, known },
  );
  for (const index of violations.seen) onKnown?.(known[index]!);
  expect(violations.found, `axe violations on ${screen}`).toEqual([]);
}
