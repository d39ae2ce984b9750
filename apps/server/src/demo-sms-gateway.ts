import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import smpp from 'smpp';
import { DEMO_TENANT } from './bootstrap.ts';
import type { SecretBox } from './platform/secrets.ts';
import { maskPhone } from './platform/sms.ts';
import type { SmsGatewayRepo } from './modules/tenants/sms-gateway.repo.ts';
import type { TenantsRepo } from './modules/tenants/tenants.repo.ts';

export interface DemoSmsGateway {
  port: number;
  close(): Promise<void>;
}

const textOf = (v: smpp.Pdu['short_message']): string =>
  v == null ? '' : typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : (v.message ?? '');

/**
 * Demo mode (issue #33): a real SMPP 3.4 server in the portal's process on 127.0.0.1, with an
 * account made at each start, and the demo tenant's SMS gateway pointed at it, so that reminders
 * by SMS go over the wire as they would to an aggregator. Each message received is logged. A demo
 * tenant whose gateway an administrator pointed elsewhere is left alone.
 */
export async function startDemoSmsGateway(
  tenants: TenantsRepo,
  gateways: SmsGatewayRepo,
  box: SecretBox,
  log: FastifyBaseLogger,
): Promise<DemoSmsGateway | undefined> {
  const tenant = await tenants.findBySubdomain(DEMO_TENANT.subdomain);
  if (!tenant) return undefined;
  const { gateway: current } = await gateways.stored(tenant.id);
  if (current && current.host !== '127.0.0.1') return undefined;
  const account = { systemId: 'demo', password: crypto.randomBytes(6).toString('base64url').slice(0, 8) };
  const sessions = new Set<smpp.Session>();
  let n = 0;
  const server = smpp.createServer((session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => undefined);
    let bound = false;
    session.on('bind_transmitter', (pdu: smpp.Pdu) => {
      bound = pdu.system_id === account.systemId && pdu.password === account.password;
      session.send(pdu.response(bound ? {} : { command_status: smpp.ESME_RBINDFAIL }));
      if (!bound) session.close();
    });
    session.on('submit_sm', (pdu: smpp.Pdu) => {
      if (!bound) return void session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
      const text = textOf(pdu.short_message) || textOf(pdu.message_payload);
      log.info(
        { to: maskPhone(String(pdu.destination_addr ?? '')), from: pdu.source_addr, text },
        'demo SMS gateway received a message',
      );
      session.send(pdu.response({ message_id: `demo-${++n}` }));
    });
    session.on('unbind', (pdu: smpp.Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('enquire_link', (pdu: smpp.Pdu) => session.send(pdu.response()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await gateways.save(gateways.orm, tenant.id, {
    host: '127.0.0.1',
    port,
    systemId: account.systemId,
    senderId: DEMO_TENANT.subdomain.toUpperCase().slice(0, 11),
    password: box.seal(account.password),
  });
  log.info({ port }, 'demo SMS gateway (SMPP 3.4) started for the demo tenant');
  return {
    port,
    async close() {
      for (const s of sessions) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
