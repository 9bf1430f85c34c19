import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { verificationMail } from '../features/auth/auth.mails.ts';
import { createMailer } from './mailer.ts';

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes each message as an .eml file with pt-BR text and HTML parts and logs its link', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-outbox-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ from: 'Estudaí <nao-responda@estudai.com.br>', outboxDir, log });
    const url = 'http://localhost:3000/auth/mgmt?mode=verifyEmail&oobCode=abc123';
    await mailer.send(verificationMail('ana@exemplo.com.br', 'Ana', url));

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: ana@exemplo\.com\.br$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?Q\?Confirme_seu_e-mail_no_Estuda=C3=AD\?=$/m);
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
    expect(eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(url);
    expect(lines.join('')).toContain(url);
    fs.rmSync(outboxDir, { recursive: true });
  });
});
