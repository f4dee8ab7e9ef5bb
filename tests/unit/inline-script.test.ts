import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineScript } from '../../src/build/inline-script';

const boot = readFileSync('src/inline/boot.js', 'utf8');
const vars = { boot: { key: 'lang', lang: 'ja', prefixes: { ja: '', en: 'en' }, api: '/api', channel: 'WEB' } };

describe('inline scripts (src/build/inline-script.ts)', () => {
  it('leaves the gtag code out of the page when no analytics id is set', () => {
    const script = inlineScript(boot, vars, { ANALYTICS_ID: null });
    expect(script).not.toContain('googletagmanager');
    expect(script).not.toContain('gtag');
    expect(script).toContain('/analytics/page-view');
  });

  it('carries the analytics id in the gtag code when one is set, unable to close the script element', () => {
    const script = inlineScript(boot, vars, { ANALYTICS_ID: 'G-TEST</script>' });
    expect(script).toContain('googletagmanager.com/gtag/js');
    expect(script).toContain('G-TEST');
    expect(script).not.toContain('</script>');
  });

  it('passes each value as an argument, and the script runs', () => {
    const script = inlineScript('window.seen = boot.lang + boot.api;', vars);
    const sandbox = { window: {} as { seen?: string } };
    runInNewContext(script, sandbox);
    expect(sandbox.window.seen).toBe('ja/api');
  });
});
