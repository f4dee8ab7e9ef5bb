import { afterEach, describe, expect, it, vi } from 'vitest';
import { STILL_RUNNING_EVERY_MS, startStep } from '../../server/startup';

/** The server's start says each step (server/startup.ts): no stretch of silence longer than a few seconds while it runs. */
describe('the start says its steps', () => {
  afterEach(() => vi.useRealTimers());

  it('says a step begins, that it is still running every few seconds, and when it is done, with its time', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = { info: (line: string) => void lines.push(line) };
    let finish = () => {};
    const step = startStep(log, 'Creating the embedded database in ./data', () => new Promise<void>((resolve) => (finish = resolve)));
    expect(lines).toEqual(['Creating the embedded database in ./data...']);
    expect(STILL_RUNNING_EVERY_MS).toBeLessThanOrEqual(5_000);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^Creating the embedded database in \.\/data: still running \(5\.0 s\)$/),
      expect.stringMatching(/^Creating the embedded database in \.\/data: still running \(10\.0 s\)$/),
    ]);
    finish();
    await step;
    expect(lines.at(-1)).toMatch(/^Creating the embedded database in \.\/data: done in 12\.0 s$/);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(lines).toHaveLength(4);
  });

  it('says a failed step failed, and the error goes on', async () => {
    const lines: string[] = [];
    const failing = startStep({ info: (line) => void lines.push(line) }, 'Applying database migrations', async () => {
      throw new Error('bad migration');
    });
    await expect(failing).rejects.toThrow('bad migration');
    expect(lines).toEqual(['Applying database migrations...', expect.stringMatching(/^Applying database migrations: failed after \d+\.\d s$/)]);
  });
});
