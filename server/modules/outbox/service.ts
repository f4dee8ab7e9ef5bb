import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db';

/**
 * The durable outbox (docs/decisions/0015). A message is a row written in the transaction
 * that causes it (`enqueue`), so it exists exactly when its cause committed. A worker on every server
 * claims due rows (a lease, taken with FOR UPDATE SKIP LOCKED), hands them to the transport (SMTP,
 * the SMS gateway, or the development mailbox), and marks them sent; a failed attempt is retried
 * with exponential backoff, and a message that cannot be delivered (too many attempts, a permanent
 * refusal, or past its expiry) ends as a dead letter (`npm run admin -- outbox:list`).
 *
 * Guarantee: at least once to the SMTP server / SMS gateway. Two servers never hold the same message
 * at once (the lease); a message goes twice only when a server dies (or stalls past the lease) after
 * the transport accepted it and before it recorded so. Each message carries its idempotency key to
 * the transport (a stable Message-ID, an Idempotency-Key header), so the receiving side can drop such a repeat.
 */

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  /** One message per cause: enqueuing the same key again does nothing. */
  key: string;
  channel: Channel;
  to: string;
  subject?: string;
  text: string;
  headers?: Record<string, string>;
  /** After this long the message is worthless (an expired code or link): dead, never sent late. */
  ttlMs?: number;
}

/** A message as a transport receives it. */
export interface QueuedMessage {
  id: number;
  key: string;
  channel: Channel;
  to: string;
  subject: string | null;
  text: string;
  headers: Record<string, string> | null;
  attempts: number;
}

/** Where messages of one channel go. `send` resolves once the far side accepted the message, or throws. */
export interface Transport {
  readonly name: string;
  send(message: QueuedMessage): Promise<void>;
  close?(): void;
}

/** A refusal that no retry will change (an SMTP 5xx, a gateway 4xx): the message is a dead letter at once. */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

/** Writes a message in the caller's transaction; returns its id, or null when its key was enqueued before. */
export async function enqueue(db: DbOrTrx, message: OutgoingMessage): Promise<number | null> {
  const row = await db
    .insertInto('outbox_messages')
    .values({
      idempotency_key: message.key,
      channel: message.channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.text,
      headers: message.headers ? JSON.stringify(message.headers) : null,
      // Database time throughout (not the app clock tests move): every server and the worker agree.
      expires_at: message.ttlMs === undefined ? null : sql<Date>`now() + ${message.ttlMs} * interval '1 millisecond'`,
    } as never)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** A stable Message-ID for a key: the same message has the same id on every attempt (and the key itself stays private). */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'coincasino.invalid';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

export interface OutboxOptions {
  /** How often the worker looks for due messages. */
  pollMs: number;
  /** The first retry's wait; each further one doubles it, up to retryMaxMs (with ±20% jitter). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a message is a dead letter. */
  maxAttempts: number;
  /** How long a claim holds a message (longer than any transport's timeouts). */
  leaseMs: number;
  /** Messages claimed at once. */
  batch: number;
}

export type Outcome = 'sent' | 'retry' | 'dead';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Counts what the worker did, for metrics (set by the app). */
export type DeliveryObserver = (channel: Channel, outcome: Outcome) => void;

/**
 * Work that writes messages into the outbox from durable requests (the password reset requests): run at
 * the start of every worker pass and by `flush`. Returns the ids of the messages it wrote.
 */
export type MessageSource = () => Promise<number[]>;

export class Outbox {
  #sources = new Map<string, MessageSource>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | null = null;
  #stopped = false;
  observe: DeliveryObserver = () => {};
  /** Runs one worker pass (the app wraps it to record the job's success or failure in metrics). */
  runPass: (pass: () => Promise<unknown>, onError: (error: unknown) => void) => Promise<void> = (pass, onError) => pass().then(() => undefined, onError);

  constructor(
    readonly db: Db,
    readonly transports: Record<Channel, Transport>,
    readonly options: OutboxOptions,
    readonly log?: Logger,
  ) {}

  /**
   * Claims up to `limit` due messages (or only those of `ids`) for this worker: a lease no other
   * worker takes until it runs out. SKIP LOCKED lets two workers claim at once without waiting on
   * each other's rows; the conditions are checked again on the locked row, so a row another worker
   * has just leased is passed over.
   */
  async #claim(limit: number, ids?: number[]): Promise<Array<QueuedMessage & { lease: string }>> {
    const lease = randomUUID();
    const only = ids ? sql`and id in (${sql.join(ids)})` : sql``;
    const result = await sql<{
      id: number;
      idempotency_key: string;
      channel: Channel;
      recipient: string;
      subject: string | null;
      body: string;
      headers: Record<string, string> | string | null;
      attempts: number;
    }>`
      update outbox_messages set lease_token = ${lease}, leased_until = now() + ${this.options.leaseMs} * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from outbox_messages
        where status = 'pending' and next_attempt_at <= now() and (leased_until is null or leased_until < now()) ${only}
        order by id limit ${limit}
        for update skip locked
      )
      returning id, idempotency_key, channel, recipient, subject, body, headers, attempts`.execute(this.db);
    return result.rows
      .map((r) => ({
        id: Number(r.id),
        key: r.idempotency_key,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        text: r.body,
        headers: typeof r.headers === 'string' ? (JSON.parse(r.headers) as Record<string, string>) : r.headers,
        attempts: r.attempts,
        lease,
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** Messages past their expiry become dead letters (never sent late). */
  async #expire(): Promise<void> {
    await sql`update outbox_messages set status = 'dead', dead_at = now(), last_error = 'expired before delivery', lease_token = null, leased_until = null
      where status = 'pending' and expires_at is not null and expires_at <= now() and (leased_until is null or leased_until < now())`.execute(this.db);
  }

  #backoffMs(attempts: number): number {
    const wait = Math.min(this.options.retryBaseMs * 2 ** Math.max(0, attempts - 1), this.options.retryMaxMs);
    return Math.round(wait * (0.8 + Math.random() * 0.4));
  }

  async #attempt(message: QueuedMessage & { lease: string }): Promise<Outcome> {
    const transport = this.transports[message.channel];
    const mine = sql`id = ${message.id} and lease_token = ${message.lease}`;
    try {
      await transport.send(message);
    } catch (error) {
      const reason = (error as Error).message.slice(0, 500);
      const permanent = error instanceof PermanentDeliveryError;
      const dead = permanent || message.attempts >= this.options.maxAttempts;
      // The message itself is never logged (codes, reset links); its id and key are enough to find it.
      if (dead) {
        await sql`update outbox_messages set status = 'dead', dead_at = now(), last_error = ${reason}, lease_token = null, leased_until = null where ${mine}`.execute(
          this.db,
        );
        this.log?.error(
          { outboxId: message.id, key: message.key, channel: message.channel, attempts: message.attempts, err: { message: reason } },
          'message undeliverable: dead letter',
        );
      } else {
        const wait = this.#backoffMs(message.attempts);
        await sql`update outbox_messages set last_error = ${reason}, lease_token = null, leased_until = null,
            next_attempt_at = now() + ${wait} * interval '1 millisecond' where ${mine}`.execute(this.db);
        this.log?.warn(
          { outboxId: message.id, channel: message.channel, attempts: message.attempts, retryInMs: wait, err: { message: reason } },
          'message not delivered; retrying',
        );
      }
      const outcome: Outcome = dead ? 'dead' : 'retry';
      this.observe(message.channel, outcome);
      return outcome;
    }
    // Delivered: the body (a code, a reset link) is not kept once it has left.
    await sql`update outbox_messages set status = 'sent', sent_at = now(), body = '', last_error = null, lease_token = null, leased_until = null where ${mine}`.execute(
      this.db,
    );
    this.observe(message.channel, 'sent');
    return 'sent';
  }

  /**
   * Delivers these messages now if they are due and free (just after the transaction that wrote them
   * committed, so a code arrives at once); any that fail are left to the worker's retries.
   */
  async deliver(ids: Array<number | null>): Promise<Map<number, Outcome>> {
    const wanted = ids.filter((id): id is number => id !== null);
    const outcomes = new Map<number, Outcome>();
    if (wanted.length === 0) return outcomes;
    for (const message of await this.#claim(wanted.length, wanted)) outcomes.set(message.id, await this.#attempt(message));
    return outcomes;
  }

  /** Registers a source of messages that every worker pass (and `flush`) runs first. */
  addSource(name: string, source: MessageSource): void {
    this.#sources.set(name, source);
  }

  /** Runs every source; a failing one is logged and the others still run. Returns the ids written and the first failure. */
  async #produce(): Promise<{ ids: number[]; failure: unknown }> {
    const ids: number[] = [];
    let failure: unknown = null;
    for (const [name, source] of this.#sources) {
      try {
        ids.push(...(await source()));
      } catch (error) {
        failure ??= error;
        this.log?.error({ source: name, err: { message: (error as Error).message } }, 'outbox source failed; its requests stay pending for the next pass');
      }
    }
    return { ids, failure };
  }

  /** Runs the sources now and delivers what they wrote at once (a reset request just recorded). */
  async flush(): Promise<void> {
    const { ids, failure } = await this.#produce();
    await this.deliver(ids);
    if (failure) throw failure;
  }

  /**
   * One pass of the worker: runs the sources, then claims and delivers due messages batch after batch
   * until none is due. A failed source does not hold the delivery back; the pass then fails (metrics).
   */
  async drain(): Promise<Record<Outcome, number>> {
    const counts: Record<Outcome, number> = { sent: 0, retry: 0, dead: 0 };
    const { failure } = await this.#produce();
    await this.#expire();
    for (;;) {
      if (this.#stopped) break;
      const batch = await this.#claim(this.options.batch);
      for (const message of batch) counts[await this.#attempt(message)]++;
      if (batch.length < this.options.batch) break;
    }
    if (failure) throw failure;
    return counts;
  }

  /** Runs `drain` every pollMs (one pass at a time) until `stop`. */
  start(): void {
    this.#stopped = false;
    const tick = () => {
      this.#running ??= this.runPass(
        () => this.drain(),
        (error) => this.log?.error({ err: { message: (error as Error).message } }, 'outbox pass failed; next pass at the next poll'),
      ).finally(() => (this.#running = null));
    };
    this.#timer = setInterval(tick, this.options.pollMs);
    this.#timer.unref();
    tick();
  }

  /** Stops polling and waits for the pass under way (its messages are marked before the process ends). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  close(): void {
    for (const transport of Object.values(this.transports)) transport.close?.();
  }
}

export interface OutboxRow {
  id: number;
  key: string;
  channel: Channel;
  to: string;
  subject: string | null;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  deadAt: Date | null;
}

/** Messages of a status, oldest first (dead letters by default), for operators. */
export async function listOutbox(db: DbOrTrx, status: 'pending' | 'sent' | 'dead' = 'dead', limit = 100): Promise<OutboxRow[]> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['id', 'idempotency_key', 'channel', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'next_attempt_at', 'dead_at'])
    .where('status', '=', status)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    key: r.idempotency_key,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    nextAttemptAt: r.next_attempt_at,
    deadAt: r.dead_at,
  }));
}

/** Puts a dead letter back in the queue (after the cause was fixed); returns whether there was one. */
export async function retryDeadLetter(db: DbOrTrx, id: number): Promise<boolean> {
  const row = await db
    .updateTable('outbox_messages')
    .set({ status: 'pending', attempts: 0, dead_at: null, next_attempt_at: sql<Date>`now()` as never, expires_at: null })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}
