import { request, type ClientRequest, type IncomingMessage } from 'node:http';

/** One Server-Sent Event as received: its id and its data parsed as JSON. */
export interface ReceivedEvent {
  id: string;
  data: { type: string; [key: string]: unknown };
}

export interface SseClient {
  events: ReceivedEvent[];
  status: Promise<number>;
  /** Resolves once `n` events have arrived (rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<ReceivedEvent[]>;
  closed: Promise<void>;
  close(): void;
}

/** A minimal EventSource for tests and benches: GET `url`, parse `id:`/`data:` blocks, no reconnect. */
export function openSse(url: string, headers: Record<string, string> = {}, onEvent?: (e: ReceivedEvent) => void): SseClient {
  const events: ReceivedEvent[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  let req: ClientRequest;
  let res: IncomingMessage | undefined;
  let resolveClosed: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const status = new Promise<number>((resolve, reject) => {
    req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      res = response;
      resolve(response.statusCode ?? 0);
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id = '';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (!data) continue;
          const event = { id, data: JSON.parse(data) };
          events.push(event);
          onEvent?.(event);
          for (const w of [...waiters]) if (events.length >= w.n) w.resolve();
        }
      });
      response.on('close', () => resolveClosed());
      response.on('error', () => resolveClosed());
    });
    req.on('error', (e) => {
      reject(e);
      resolveClosed();
    });
    req.end();
  });
  status.catch(() => undefined);
  return {
    events,
    status,
    closed,
    waitFor(n, ms = 5000) {
      if (events.length >= n) return Promise.resolve(events);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${n} events, got ${events.length}`)), ms);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(events);
          },
        });
      });
    },
    close() {
      res?.destroy();
      req?.destroy();
    },
  };
}
