import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium (installed by scripts/bootstrap.sh), driven by playwright-core: Playwright's own browser
 * download cannot work here. A new empty profile per run; nothing reaches the network but the stack.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run the tests through npm test (scripts/bootstrap.sh installs Debian's chromium)`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-admin-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=pt-BR',
    ],
    // Chromium's own controls (a date field's "dd/mm/aaaa") follow the process's locale, not --lang: a person in
    // Brazil sees them in pt-BR (the pt-BR.pak of Debian's chromium-l10n, installed by the bootstrap).
    env: { ...process.env, LANG: 'pt_BR.UTF-8', LANGUAGE: 'pt_BR:pt' },
    // A laptop screen.
    viewport: { width: 1366, height: 768 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot of the whole page when ADMIN_SCREENSHOTS_DIR is set (docs/admin holds the committed ones). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.ADMIN_SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? true, animations: 'disabled', caret: 'hide' });
}

/** Reads until `ok` holds or the time is up; returns the last value read (the caller asserts on it). */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now, one line each
 * (rule, impact, help, where), so a failing assertion says what to fix. axe-core is read from node_modules and
 * evaluated in the page, not added as a <script> tag: the page's Content-Security-Policy (script-src 'self') would
 * refuse an inline script, and it stays on for the rest of the test.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate<boolean>("typeof window.axe === 'object'"))) await page.evaluate(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate<AxeViolation[]>("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)");
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
