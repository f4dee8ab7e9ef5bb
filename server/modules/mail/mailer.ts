import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '../../../contracts/constants';
import en from '../../../locales/en/mail.json' with { type: 'json' };
import ja from '../../../locales/ja/mail.json' with { type: 'json' };
import { isProduction, type Config } from '../../config';
import type { Db } from '../../db';
import { storeInOutbox } from '../outbox/store';
import { recordMessageFailed, recordMessageSent } from '../../metrics';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe); the development outbox keeps only subject and text. */
  headers?: Record<string, string>;
}

/** Sends mail over SMTP when SMTP_URL is set; otherwise (never in production) stores it in the development outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A mailer outside the app (operator commands): `close()` ends its SMTP connections. */
export function mailerFor(config: Config, db: Db): Mailer & { close(): void } {
  const url = config.SMTP_URL;
  if (!url) {
    // Production never stores mail where a development aid could read it (config refuses it too).
    if (isProduction(config)) throw new Error('SMTP_URL is required in production');
    return { send: (m) => storeInOutbox(db, { channel: 'email', to: m.to, subject: m.subject, body: m.text }), close: () => {} };
  }
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    send: async (m) => {
      try {
        await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, headers: m.headers });
      } catch (error) {
        recordMessageFailed('email');
        throw error;
      }
      recordMessageSent('email');
    },
    close: () => transport.close(),
  };
}

/** Call while registering a plugin (it adds an onClose hook that closes the SMTP connections). */
export function createMailer(app: FastifyInstance): Mailer {
  const mailer = mailerFor(app.config, app.db);
  app.addHook('onClose', async () => mailer.close());
  return mailer;
}

const templates = { ja, en } as const;
type TemplateName = keyof typeof en;

/** A localised mail (locales/{ja,en}/mail.json), with `{{name}}` placeholders filled in. */
export function renderMail(language: Language, name: TemplateName, values: Record<string, string | number>): { subject: string; text: string } {
  const template = templates[language][name];
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));
  return { subject: fill(template.subject), text: fill(template.body) };
}
