import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "./log.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * With SMTP_URL, mail goes to that server. Without it, each message is written to
 * DATA_DIR/outbox as an .eml file, so a password reset works on a laptop with no mail
 * server. The log names the file, never the text: a reset mail's link signs its holder
 * in (docs/threat-model.md, "Logs").
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ email: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${crypto.randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.log.info(
        { email: message.to, subject: message.subject, file: path.basename(file) },
        "mail written to outbox",
      );
    },
  };
}
