// Local mail: every message is kept in the database (_local.mail_messages, a schema
// PostgREST does not expose) so tests and people can open links from the inbox; with
// SMTP_URL set it is also delivered for real.
import nodemailer, { type Transporter } from 'nodemailer';
import type pg from 'pg';
import type { Logger, Mailer, MailMessage } from '../context.ts';
import { extractLinks } from './links.ts';

export interface StoredMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
}

const columns = `id::int as id, recipient as "to", subject, text_body as text, html_body as html, links,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

export class LocalMailer implements Mailer {
  private readonly transport?: Transporter;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    smtpUrl?: string,
    private readonly from = 'Stitchhouse <no-reply@stitchhouse.local>',
  ) {
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const to = message.to.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(to)) throw new Error(`Cannot send mail to invalid address ${JSON.stringify(message.to)}`);
    const links = extractLinks(message.text, message.html);
    await this.pool.query('insert into _local.mail_messages (recipient, subject, text_body, html_body, links) values ($1, $2, $3, $4, $5)', [
      to,
      message.subject,
      message.text,
      message.html,
      links,
    ]);
    this.log.info('mail', `to ${to}: ${message.subject}`);
    if (this.transport) {
      await this.transport.sendMail({ from: this.from, to, subject: message.subject, text: message.text, html: message.html || undefined });
    }
  }

  /** Newest first; `to` matches the recipient case-insensitively. */
  async list(to?: string, limit = 200): Promise<StoredMessage[]> {
    const { rows } = await this.pool.query<StoredMessage>(
      `select ${columns} from _local.mail_messages
       where ($1::text is null or lower(recipient) = lower($1)) order by id desc limit $2`,
      [to ?? null, limit],
    );
    return rows;
  }

  async get(id: number): Promise<StoredMessage | undefined> {
    const { rows } = await this.pool.query<StoredMessage>(`select ${columns} from _local.mail_messages where id = $1`, [id]);
    return rows[0];
  }

  async clear(to?: string): Promise<number> {
    const { rowCount } = await this.pool.query('delete from _local.mail_messages where $1::text is null or lower(recipient) = lower($1)', [to ?? null]);
    return rowCount ?? 0;
  }
}
