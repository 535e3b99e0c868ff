/**
 * Messages leaving the product: e-mail through SMTP (SMTP_URL, nodemailer),
 * SMS through an HTTP gateway (SMS_URL receives a JSON POST {to, text}), and
 * otherwise one JSON log line per message with "event":"notification", so a
 * developer can sign up without a mail server. Every message also lands in
 * `outbox` (the last 500), which is how tests read codes and links.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Notification {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  /** One-time code carried by the message, if any. */
  code?: string;
  /** Link carried by the message, if any. */
  link?: string;
  tenantId?: string;
}

export interface Notifier {
  send(n: Notification): Promise<void>;
  readonly outbox: Notification[];
}

export function createNotifier(opts: { smtpUrl?: string; mailFrom: string; smsUrl?: string; log: FastifyBaseLogger }): Notifier {
  const outbox: Notification[] = [];
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    outbox,
    async send(n) {
      outbox.push(n);
      if (outbox.length > 500) outbox.splice(0, outbox.length - 500);
      if (n.channel === 'email' && transport) {
        await transport.sendMail({ from: opts.mailFrom, to: n.to, subject: n.subject, text: n.text });
        opts.log.info({ event: 'notification', channel: n.channel, to: n.to, subject: n.subject, delivered: 'smtp' }, 'notification sent');
        return;
      }
      if (n.channel === 'sms' && opts.smsUrl) {
        const res = await fetch(opts.smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: n.to, text: n.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
        opts.log.info({ event: 'notification', channel: n.channel, to: n.to, delivered: 'gateway' }, 'notification sent');
        return;
      }
      opts.log.info(
        {
          event: 'notification',
          channel: n.channel,
          to: n.to,
          subject: n.subject,
          text: n.text,
          ...(n.code ? { code: n.code } : {}),
          ...(n.link ? { link: n.link } : {}),
        },
        'notification',
      );
    },
  };
}
