import type { AddressInfo } from 'node:net';
import smpp from 'smpp';

/** A message an SMPP client submitted. */
export interface SubmittedSms {
  systemId: string;
  from: string;
  to: string;
  text: string;
}

export interface SmppServer {
  port: number;
  received: SubmittedSms[];
  /** Binds accepted and refused so far. */
  binds: { ok: number; refused: number };
  close(): Promise<void>;
}

const textOf = (v: smpp.Pdu['short_message']): string =>
  v == null ? '' : typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : (v.message ?? '');

/**
 * A real SMPP 3.4 server on loopback (node-smpp), as the mail tests run an SMTP one: it accepts
 * bind_transmitter with the one account it knows, answers each submit_sm with a message id, and
 * keeps what it received.
 */
export async function startSmppServer(account: { systemId: string; password: string }): Promise<SmppServer> {
  const received: SubmittedSms[] = [];
  const binds = { ok: 0, refused: 0 };
  const sessions = new Set<smpp.Session>();
  let n = 0;
  const server = smpp.createServer((session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => undefined);
    let boundAs: string | null = null;
    session.on('bind_transmitter', (pdu: smpp.Pdu) => {
      if (pdu.system_id === account.systemId && pdu.password === account.password) {
        boundAs = pdu.system_id;
        binds.ok += 1;
        session.send(pdu.response());
      } else {
        binds.refused += 1;
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        session.close();
      }
    });
    session.on('submit_sm', (pdu: smpp.Pdu) => {
      if (!boundAs) {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        return;
      }
      received.push({
        systemId: boundAs,
        from: String(pdu.source_addr ?? ''),
        to: String(pdu.destination_addr ?? ''),
        text: textOf(pdu.short_message) || textOf(pdu.message_payload),
      });
      session.send(pdu.response({ message_id: `m${++n}` }));
    });
    session.on('unbind', (pdu: smpp.Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('enquire_link', (pdu: smpp.Pdu) => session.send(pdu.response()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    binds,
    async close() {
      for (const s of sessions) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
