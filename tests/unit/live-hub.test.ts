import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, emptyTableState, type LiveEvent } from '../../contracts/live-tables';
import { memoryBroker, type LiveBroker, type StreamEntry } from '../../server/modules/live/broker';
import { LiveHub } from '../../server/modules/live/hub';

/** A response that records what is written to it (the hub writes Server-Sent Events). */
function recordingResponse() {
  const res = Object.assign(new EventEmitter(), {
    chunks: [] as string[],
    destroyed: false,
    writableLength: 0,
    write(chunk: string) {
      res.chunks.push(chunk);
      return true;
    },
    end() {},
    destroy() {
      res.destroyed = true;
    },
  });
  return res;
}
const ids = (chunks: string[]) => chunks.flatMap((c) => (c.startsWith('id: ') ? [c.slice(4, c.indexOf('\n'))] : []));
const presence = (watchers: number): LiveEvent => ({ type: 'presence', watchers });

describe('LiveHub', () => {
  it('a replay read from the broker ahead of this instance feed: each event written once, in order', async () => {
    let deliver: (tableId: string, entry: StreamEntry) => void = () => {};
    const e = (n: number): StreamEntry => ({ id: `100-${n}`, event: presence(n) });
    const broker: LiveBroker = {
      ...memoryBroker(() => 0),
      async follow(_tables, fn) {
        deliver = fn;
        return new Map([['t', '100-0']]);
      },
      // The shared stream already holds 1..3; this instance's feed has delivered none of them yet.
      async since() {
        return [e(1), e(2), e(3)];
      },
    };
    const hub = new LiveHub(['t'], { perAddress: 10, perAccount: 10 });
    await hub.start(broker, async () => emptyTableState('t'));
    const res = recordingResponse();
    await hub.watch('t', res as unknown as ServerResponse, '100-0', broker, { address: 'a', accountId: null });
    for (const n of [1, 2, 3, 4]) deliver('t', e(n));
    expect(ids(res.chunks)).toEqual(['100-1', '100-2', '100-3', '100-4']);
    hub.close();
  });

  it('keeps the table state by the reducer, so a snapshot stands exactly at its event id', async () => {
    const hub = new LiveHub(['t'], { perAddress: 10, perAccount: 10 });
    const broker = memoryBroker(() => 0);
    await hub.start(broker, async () => emptyTableState('t'));
    const events = [presence(3), presence(5)];
    let state = emptyTableState('t');
    let last = '';
    for (const ev of events) {
      last = await broker.append('t', ev);
      state = applyLiveEvent(state, ev);
    }
    expect(hub.state('t')).toEqual({ state, lastId: last });
    const res = recordingResponse();
    await hub.watch('t', res as unknown as ServerResponse, null, broker, { address: 'a', accountId: null });
    expect(ids(res.chunks)).toEqual([last]);
    expect(res.chunks[0]).toContain('"type":"snapshot"');
    hub.close();
  });
});
