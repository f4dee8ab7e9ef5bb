import { defineConfig } from 'vitest/config';
import { localeStrings } from './scripts/locale-strings';

/** Under CI (set from outside, e.g. `CI=true bash .ci/run`) a left-over it.only / describe.only fails the run instead of skipping the rest. */
const allowOnly = !['true', '1'].includes((process.env.CI ?? '').toLowerCase());

export default defineConfig({
  // Site modules import their strings (virtual:strings?...); in tests every string is loaded eagerly.
  plugins: [localeStrings()],
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000, allowOnly } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          allowOnly,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file builds its own app on its own database; two cores, so two at a time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
