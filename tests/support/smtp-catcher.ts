// A real SMTP server for the tests (the npm smtp-server package), on a free port of this machine:
// every message it accepts is parsed with mailparser and kept, in order. `refuseNext` makes it
// answer the next messages with a temporary failure (451), as a busy server would, or with another
// code; `refuseRecipient` refuses an address for good (550 to RCPT TO), as for a mailbox that does not exist.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  url: string;
  messages: ParsedMail[];
  /** When one of `messages` was accepted (Date.now()). */
  receivedAt(message: ParsedMail): number;
  /** The next n messages are refused after their data (451, or the code given: 554 is for good). */
  refuseNext(n: number, code?: number): void;
  /** Every message to this address is refused at RCPT TO with 550 (no such mailbox). */
  refuseRecipient(address: string): void;
  /**
   * The next message is received and never answered (no 250): a send under way. Resolves once its
   * data has arrived, which is when a test kills the sender.
   */
  holdNext(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: ParsedMail[] = [];
  const receivedAt = new WeakMap<ParsedMail, number>();
  const refusedRecipients = new Set<string>();
  let refusals = 0;
  let refusalCode = 451;
  let hold: (() => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refusedRecipients.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      if (hold) {
        const arrived = hold;
        hold = null;
        // Read to its end and left unanswered: the sender waits for a 250 that never comes.
        stream.on('end', arrived);
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          if (refusals > 0) {
            refusals -= 1;
            const error = Object.assign(new Error(refusalCode < 500 ? 'Try again later' : 'Refused'), {
              responseCode: refusalCode,
            });
            callback(error);
            return;
          }
          messages.push(parsed);
          receivedAt.set(parsed, Date.now());
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    receivedAt: (message) => receivedAt.get(message)!,
    refuseNext: (n, code = 451) => {
      refusals = n;
      refusalCode = code;
    },
    refuseRecipient: (address) => {
      refusedRecipients.add(address.toLowerCase());
    },
    holdNext: () =>
      new Promise<void>((resolve) => {
        hold = resolve;
      }),
    // Connections left open by a held message are ended with it.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) {
          connection.close();
        }
      }),
  };
}
