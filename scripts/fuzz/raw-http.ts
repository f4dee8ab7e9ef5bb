import net from 'node:net';

/**
 * HTTP/1.1 over a bare socket, so the fuzz can send what fetch and node:http refuse to: NUL and
 * non-Latin-1 bytes in headers, malformed percent-encoding, bodies that disagree with their type.
 * Loopback only: the host is fixed to 127.0.0.1.
 */
export interface RawRequest {
  method: string;
  /** Path and query, sent as given (already encoded, or deliberately not). */
  target: string;
  headers: Array<[string, string]>;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function sendRaw(port: number, req: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`timeout after ${timeoutMs} ms: ${req.method} ${req.target.slice(0, 120)}`));
    }, timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // An event stream (a live table's) stays open by design: its head is the answer.
      const raw = Buffer.concat(chunks);
      const headEnd = raw.indexOf('\r\n\r\n');
      if (headEnd >= 0 && /\r\ncontent-type: *text\/event-stream/i.test(raw.subarray(0, headEnd).toString('latin1'))) socket.destroy();
    });
    socket.on('error', (error) => {
      // A reset after a complete answer (the server closed first) still counts as that answer.
      if (chunks.length > 0) return;
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    socket.on('connect', () => {
      const head = [`${req.method} ${req.target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
      for (const [name, value] of req.headers) head.push(`${name}: ${value}`);
      if (req.body !== undefined) head.push(`Content-Length: ${req.body.length}`);
      // latin1 keeps every char below 256 as one byte: a NUL or a 0xff in a header goes out as is.
      socket.write(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'));
      if (req.body !== undefined) socket.write(req.body);
    });
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no HTTP response (${raw.length} bytes)`);
  const lines = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(lines[0].split(' ')[1]);
  if (!Number.isInteger(status)) throw new Error(`bad status line: ${lines[0]}`);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding']?.includes('chunked')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const end = body.indexOf('\r\n', at);
      if (end < 0) break;
      const size = parseInt(body.subarray(at, end).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(end + 2, end + 2 + size));
      at = end + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status, headers, body: body.toString('utf8') };
}
