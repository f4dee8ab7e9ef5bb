import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

/** Emails link to PUBLIC_SITE_URL: unset, it must be the address the site really runs at (docs/decisions/0009-screens-that-fit.md). */
describe('PUBLIC_SITE_URL follows PORT when not set', () => {
  it('is http://localhost:<PORT> with only PORT set', () => {
    expect(loadConfig({ PORT: '4601' }).PUBLIC_SITE_URL).toBe('http://localhost:4601');
  });
  it('stays the default without PORT, and an explicit value wins over PORT', () => {
    expect(loadConfig({}).PUBLIC_SITE_URL).toBe('http://localhost:4321');
    expect(loadConfig({ PORT: '4601', PUBLIC_SITE_URL: 'https://casino.example' }).PUBLIC_SITE_URL).toBe('https://casino.example');
  });
  it('a random port (0) keeps the default, and a bad PORT is still reported as PORT', () => {
    expect(loadConfig({ PORT: '0' }).PUBLIC_SITE_URL).toBe('http://localhost:4321');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
