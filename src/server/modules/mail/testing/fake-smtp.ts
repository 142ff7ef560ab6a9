import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP peer for tests: records each accepted message, refuses addresses on demand, and can
// hold a message unanswered (no "250 OK"), the way a slow server does while an instance is killed.

interface ReceivedMail {
  to: string[];
  messageId: string;
  headers: string;
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** recipients starting with this are refused at RCPT TO */
  refusePrefix: string | null;
  /** when set, called for each message's DATA; answer true to hold it (never acknowledge) */
  hold: ((mail: ReceivedMail) => boolean) | null;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (fake.refusePrefix && address.address.startsWith(fake.refusePrefix)) return callback(new Error('Mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        const headers = data.split(/\r?\n\r?\n/)[0] ?? '';
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '',
          headers,
          data,
        };
        if (fake.hold?.(mail)) return; // never answered: the sender's connection dies with it
        fake.received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeSmtp = {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received: [],
    refusePrefix: null,
    hold: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

/** Polls until `check` is true (a bounded wait for background work; no timing is asserted). */
export async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
