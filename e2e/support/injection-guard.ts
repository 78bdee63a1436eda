import { type Page, expect } from '@playwright/test';

/**
 * Watches a page for any sign that injected markup became live: a dialog
 * (alert/confirm/prompt), a Content-Security-Policy violation, the payloads'
 * window.__pwned marker, or an element with an inline event handler, a
 * javascript: URL, an inline script, a frame, a plugin, a <base> or a
 * meta refresh in the DOM.
 */
export async function guardAgainstInjection(page: Page): Promise<() => Promise<void>> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleViolations.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });

  return async () => {
    const found = await page.evaluate(() => {
      const live: string[] = [];
      for (const element of Array.from(document.querySelectorAll('*'))) {
        const tag = element.tagName.toLowerCase();
        if (tag === 'script' && !element.hasAttribute('src')) live.push('inline <script>');
        if (['iframe', 'object', 'embed', 'base', 'frame', 'frameset'].includes(tag)) live.push(`<${tag}>`);
        if (tag === 'meta' && element.hasAttribute('http-equiv')) live.push('<meta http-equiv>');
        for (const attribute of Array.from(element.attributes)) {
          const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
          if (attribute.name.startsWith('on')) live.push(`<${tag} ${attribute.name}>`);
          if (
            ['href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'xlink:href'].includes(attribute.name) &&
            (value.startsWith('javascript:') || value.includes('evil.example'))
          ) {
            live.push(`<${tag} ${attribute.name}=${attribute.value}>`);
          }
        }
      }
      const state = window as unknown as { __pwned?: unknown; __cspViolations?: string[] };
      return { live, pwned: state.__pwned, violations: state.__cspViolations ?? [] };
    });
    expect(dialogs, 'no dialog opened').toEqual([]);
    expect(found.pwned, 'window.__pwned not set').toBeUndefined();
    expect([...consoleViolations, ...found.violations], 'no CSP violation').toEqual([]);
    expect(found.live, 'no live injected markup').toEqual([]);
  };
}
