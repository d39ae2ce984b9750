/** The part of `smpp` (node-smpp 0.5, SMPP 3.4/5.0, no types of its own) the portal and its tests use. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { AddressInfo } from 'node:net';

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    source_addr?: string;
    destination_addr?: string;
    short_message?: { message?: string } | string | Buffer;
    message_payload?: { message?: string } | string | Buffer;
    message_id?: string;
    response(options?: Record<string, unknown>): Pdu;
  }

  export type PduCallback = (pdu: Pdu) => void;

  export interface Session extends EventEmitter {
    bind_transmitter(options: Record<string, unknown>, callback: PduCallback): void;
    submit_sm(options: Record<string, unknown>, callback: PduCallback): void;
    unbind(options: Record<string, unknown>, callback: PduCallback): void;
    send(pdu: Pdu): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }

  export interface Server extends EventEmitter {
    listen(port: number, host: string, callback: () => void): void;
    close(callback?: (err?: Error) => void): void;
    address(): AddressInfo | string | null;
  }

  export function connect(options: { url: string; auto_enquire_link_period?: number }): Session;
  export function createServer(listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RINVPASWD: number;
  export const ESME_RSYSERR: number;
}
