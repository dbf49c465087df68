import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createSmtpMailer } from './smtpMailer';

/** A minimal SMTP server (no TLS, no auth) that keeps what it receives. */
async function startFakeSmtp(): Promise<{ port: number; received: Array<{ from: string; to: string[]; data: string }>; close(): Promise<void> }> {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server: Server = createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP mailer', () => {
  it('sends through the server of SMTP_URL', async () => {
    const smtp = await startFakeSmtp();
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Fable <no-reply@fable.example>');
    try {
      await mailer.send({ to: 'ada@example.com', subject: 'Your Fable sign-in code: 123456', text: 'Your code is 123456.' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'no-reply@fable.example', to: ['ada@example.com'] });
      expect(smtp.received[0]?.data).toContain('Subject: Your Fable sign-in code: 123456');
      expect(smtp.received[0]?.data).toContain('Your code is 123456.');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});
