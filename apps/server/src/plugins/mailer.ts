import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail asks the reader to open; logged in outbox mode so a developer can click it. */
  actionUrl?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * A transport made on first use: nodemailer (~10 MiB of memory) is loaded with the first mail, not at
 * every start (docs/performance.md, `npm run bench:memory`).
 */
function lazyTransport(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let made: Promise<Transporter> | undefined;
  let transport: Transporter | undefined;
  return {
    get: () => {
      made ??= import('nodemailer').then((nodemailer) => {
        transport = nodemailer.default.createTransport(options);
        return transport;
      });
      return made;
    },
    close: () => transport?.close(),
  };
}

/**
 * Real SMTP when `smtpUrl` is set; otherwise every message becomes an .eml file under
 * `outboxDir` (the same bytes SMTP would carry) and its link goes to the log.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport(options.smtpUrl);
    return {
      async send(mail) {
        await (await transport.get()).sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 16)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.log.info(
        { to: mail.to, subject: mail.subject, file, link: mail.actionUrl },
        'mail written to the outbox',
      );
    },
    close: () => transport.close(),
  };
}
