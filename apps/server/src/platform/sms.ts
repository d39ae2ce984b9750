import smpp from 'smpp';

/** A tenant's SMS gateway (issue #33): an SMPP 3.4 account at an aggregator or operator. */
export interface SmsGateway {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** The sender the phone shows: up to 11 letters and digits, or a number. */
  senderId: string;
}

export interface SmsMessage {
  to: string;
  text: string;
}

export type SmsOutcome = { ok: true; messageId: string } | { ok: false; error: string };

/** How long one exchange with the gateway (connect, bind, a submit) may take. */
const STEP_MS = 15_000;

/** TON/NPI of the sender: alphanumeric (5/0), or international digits (1/1). */
function sourceAddress(senderId: string) {
  return /^\+?\d+$/.test(senderId)
    ? { source_addr: senderId.replace(/^\+/, ''), source_addr_ton: 1, source_addr_npi: 1 }
    : { source_addr: senderId, source_addr_ton: 5, source_addr_npi: 0 };
}

/**
 * Sends messages over one SMPP 3.4 session: connect, bind_transmitter, one submit_sm per message
 * (the text in short_message up to 160 characters, else in message_payload), unbind. Answers an
 * outcome per message in order; a session that cannot be opened or bound fails them all with its
 * reason. Real SMPP over TCP: the tests run an SMPP server in-process, as they run an SMTP one.
 */
export async function sendSms(gateway: SmsGateway, messages: SmsMessage[]): Promise<SmsOutcome[]> {
  if (messages.length === 0) return [];
  const session = smpp.connect({ url: `smpp://${gateway.host}:${gateway.port}` });
  let broken: Error | null = null;
  const failures: ((err: Error) => void)[] = [];
  const fail = (err: Error) => {
    broken ??= err;
    for (const f of failures.splice(0)) f(err);
  };
  session.on('error', (err: Error) => fail(err));
  session.on('close', () => fail(new Error('the SMS gateway closed the connection')));
  /** One request and its response, within STEP_MS; rejects when the session breaks meanwhile. */
  const exchange = (start: (done: (pdu: smpp.Pdu) => void) => void) =>
    new Promise<smpp.Pdu>((resolve, reject) => {
      if (broken) return reject(broken);
      const timer = setTimeout(() => reject(new Error('the SMS gateway did not answer in time')), STEP_MS);
      failures.push((err) => {
        clearTimeout(timer);
        reject(err);
      });
      start((pdu) => {
        clearTimeout(timer);
        resolve(pdu);
      });
    });
  try {
    await exchange((done) => {
      session.once('connect', () => done({ command: 'connect', command_status: 0 } as smpp.Pdu));
    });
    const bound = await exchange((done) =>
      session.bind_transmitter(
        { system_id: gateway.systemId, password: gateway.password, interface_version: 0x34 },
        done,
      ),
    );
    if (bound.command_status !== smpp.ESME_ROK)
      throw new Error(`the SMS gateway refused the bind (SMPP status ${bound.command_status})`);
    const outcomes: SmsOutcome[] = [];
    for (const m of messages) {
      try {
        const text = m.text.length <= 160 ? { short_message: m.text } : { message_payload: m.text };
        const answer = await exchange((done) =>
          session.submit_sm(
            {
              ...sourceAddress(gateway.senderId),
              destination_addr: m.to.replace(/^\+/, ''),
              dest_addr_ton: 1,
              dest_addr_npi: 1,
              registered_delivery: 0,
              ...text,
            },
            done,
          ),
        );
        outcomes.push(
          answer.command_status === smpp.ESME_ROK
            ? { ok: true, messageId: String(answer.message_id ?? '') }
            : { ok: false, error: `submit_sm refused (SMPP status ${answer.command_status})` },
        );
      } catch (err) {
        // The session broke: this message and the rest fail with its reason.
        const error = (err as Error).message;
        while (outcomes.length < messages.length) outcomes.push({ ok: false, error });
      }
    }
    if (!broken) await exchange((done) => session.unbind({}, done)).catch(() => undefined);
    return outcomes;
  } catch (err) {
    const error = (err as Error).message;
    return messages.map(() => ({ ok: false, error }));
  } finally {
    session.removeAllListeners('close');
    session.on('error', () => undefined);
    session.destroy();
  }
}

/** For logs: the country code and the last two digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 4 ? '***' : `${digits.slice(0, 3)}***${digits.slice(-2)}`;
}
