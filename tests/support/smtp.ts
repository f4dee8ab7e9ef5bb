import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the local SMTP server received it. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The text part of a single-part mail, decoded from quoted-printable or base64. */
export function textOf(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return { headers, text: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return { headers, text: decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25')) };
  }
  return { headers, text: body };
}

/** A header's value, unfolded. */
export const headerOf = (headers: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers.replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim();

/** An RFC 2047 encoded subject (=?UTF-8?Q?...?= or =?UTF-8?B?...?=), decoded. */
export function subjectOf(headers: string): string {
  return (headerOf(headers, 'subject') ?? '')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeURIComponent(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
    )
    .trim();
}

/**
 * A real SMTP server on a free local port (or `port`, to bring one back where it was) that keeps every
 * mail it receives in `inbox`; `refuse` answers every recipient with that SMTP code instead.
 */
export async function startSmtp(options: { port?: number; refuse?: number } = {}) {
  const inbox: Received[] = [];
  const smtp = new SMTPServer({
    onRcptTo(_address, _session, callback) {
      if (!options.refuse) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: options.refuse });
      callback(error);
    },
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a killed server) resets its connection: not this server's failure.
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    inbox,
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** The mails received for `to` so far. */
    to: (address: string) => inbox.filter((m) => m.to.includes(address)),
    /** Waits for the first mail to `to` (the app sends some after answering). */
    async waitFor(to: string) {
      for (let i = 0; i < 200; i++) {
        const mail = inbox.find((m) => m.to.includes(to));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
