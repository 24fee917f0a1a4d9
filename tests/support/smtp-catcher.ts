// A real SMTP server for the tests (the npm smtp-server package), on a free port of this machine:
// every message it accepts is parsed with mailparser and kept, in order. `refuseNext` makes it
// answer the next messages with a temporary failure (451), as a busy server would.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  url: string;
  messages: ParsedMail[];
  /** The next n messages are refused (451). */
  refuseNext(n: number): void;
  /**
   * The next message is received and never answered (no 250): a send under way. Resolves once its
   * data has arrived, which is when a test kills the sender.
   */
  holdNext(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: ParsedMail[] = [];
  let refusals = 0;
  let hold: (() => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          messages.push(parsed);
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
    refuseNext: (n) => {
      refusals = n;
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
