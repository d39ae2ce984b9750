import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmppServer, type SmppServer } from '../../test/helpers/smpp-server.ts';
import { sendSms } from './sms.ts';

let server: SmppServer;
beforeAll(async () => {
  server = await startSmppServer({ systemId: 'dmportal', password: 'S3cret!' });
});
afterAll(async () => {
  await server?.close();
});

const gateway = () => ({
  host: '127.0.0.1',
  port: server.port,
  systemId: 'dmportal',
  password: 'S3cret!',
  senderId: 'DeltaHR',
});

describe('SMS over SMPP 3.4', () => {
  it('binds as a transmitter and submits each message; a long one goes in message_payload', async () => {
    const long = `Verification exercise: ${'x'.repeat(200)}`;
    const outcomes = await sendSms(gateway(), [
      { to: '+2348031234567', text: 'Hello from the portal' },
      { to: '2348039876543', text: long },
    ]);
    expect(outcomes).toEqual([
      { ok: true, messageId: expect.any(String) },
      { ok: true, messageId: expect.any(String) },
    ]);
    expect(server.received).toEqual([
      { systemId: 'dmportal', from: 'DeltaHR', to: '2348031234567', text: 'Hello from the portal' },
      { systemId: 'dmportal', from: 'DeltaHR', to: '2348039876543', text: long },
    ]);
  });

  it('a refused bind fails every message with the reason; nothing is submitted', async () => {
    const before = server.received.length;
    const outcomes = await sendSms({ ...gateway(), password: 'wrong' }, [
      { to: '2348031234567', text: 'a' },
      { to: '2348031234568', text: 'b' },
    ]);
    expect(outcomes).toEqual([
      { ok: false, error: expect.stringMatching(/refused the bind/) },
      { ok: false, error: expect.stringMatching(/refused the bind/) },
    ]);
    expect(server.received.length).toBe(before);
  });

  it('a gateway that is not there fails the messages, it does not hang', async () => {
    const outcomes = await sendSms({ ...gateway(), port: 1 }, [{ to: '2348031234567', text: 'a' }]);
    expect(outcomes).toEqual([{ ok: false, error: expect.any(String) }]);
  });
});
