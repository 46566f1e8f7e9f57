import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpInbox } from '../../test/smtp-inbox.js';
import { createMailTransport } from './mail.js';

const LINK = 'http://127.0.0.1:5173/account/confirm?token=abc123';
const message = {
  to: 'clerk@acme.example',
  subject: 'Confirm your email address',
  text: `Hello,\n\nConfirm your address here: ${LINK}\n`,
  html: `<p>Confirm your address <a href="${LINK}">here</a>.</p>`,
};

/** The real (pino) logger Fastify builds, writing JSON lines where the test can read them. */
function capturedLogger(): { log: FastifyBaseLogger; lines(): Record<string, unknown>[] } {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += chunk;
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  return {
    log: app.log,
    lines: () =>
      written
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('createMailTransport', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-portal-mail-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('without SMTP_URL writes each message as an .eml file in the outbox and logs where, not to whom', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const logger = capturedLogger();
    const transport = createMailTransport({ from: 'portal@operator.example', outboxDir, log: logger.log });

    await transport.deliver(message);

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    // The file is a complete RFC 822 message (quoted-printable bodies): read it as a mail client would.
    const eml = await simpleParser(fs.readFileSync(path.join(outboxDir, files[0] ?? '')));
    expect(eml.subject).toBe(message.subject);
    expect(Array.isArray(eml.to) ? undefined : eml.to?.text).toBe(message.to);
    expect(eml.from?.text).toBe('portal@operator.example');
    expect(eml.text).toContain(LINK);
    expect(eml.html).toContain(`href="${LINK}"`);

    const logged = logger.lines().find((line) => line.msg === 'mail written to outbox');
    expect(logged).toMatchObject({ subject: message.subject, file: path.join(outboxDir, files[0] ?? '') });
    // The address and the link's code stay in the file (decision 37).
    expect(JSON.stringify(logger.lines())).not.toContain(message.to);
    expect(JSON.stringify(logger.lines())).not.toContain('abc123');
  });

  it('with SMTP_URL sends over SMTP and writes nothing to the outbox', async () => {
    const inbox = await startSmtpInbox();
    try {
      const outboxDir = path.join(dataDir, 'outbox');
      const logger = capturedLogger();
      const transport = createMailTransport({
        smtpUrl: inbox.url,
        from: 'portal@operator.example',
        outboxDir,
        log: logger.log,
      });

      await transport.deliver(message);

      const received = await inbox.waitFor(message.to, /^Confirm your email address$/);
      expect(received.text).toContain(LINK);
      expect(fs.existsSync(outboxDir)).toBe(false);
      expect(logger.lines().some((line) => line.msg === 'mail written to outbox')).toBe(false);
    } finally {
      await inbox.close();
    }
  });
});
