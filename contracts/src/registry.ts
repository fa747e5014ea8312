import type Joi from 'joi';
import { usersLookupReplySchema, usersLookupRequestSchema, type UsersLookupReply, type UsersLookupRequest } from './directory';
import {
  settingsChangedEventSchema,
  settingsGetReplySchema,
  settingsGetRequestSchema,
  settingsSignReplySchema,
  settingsSignRequestSchema,
  type SettingsChangedEvent,
  type SettingsGetReply,
  type SettingsGetRequest,
  type SettingsSignReply,
  type SettingsSignRequest,
} from './settings';
import {
  documentoAutorizadoEventSchema,
  documentoCanceladoEventSchema,
  numeracaoInutilizadaEventSchema,
  pedidoFaturadoEventSchema,
  type DocumentoAutorizadoEvent,
  type DocumentoCanceladoEvent,
  type NumeracaoInutilizadaEvent,
  type PedidoFaturadoEvent,
} from './fiscal';
import { cartaCorrecaoRegistradaEventSchema, type CartaCorrecaoRegistradaEvent } from './correction';
import { Streams, Subjects } from './subjects';
import { settingsTransmitReplySchema, settingsTransmitRequestSchema, type SettingsTransmitReply, type SettingsTransmitRequest } from './transmission';
import { taxCalculateReplySchema, taxCalculateRequestSchema, type TaxCalculateReply, type TaxCalculateRequest } from './tax';
import { contaPagarSolicitadaSchema, type ContaPagarSolicitada } from './finance';
import {
  authenticateReplySchema,
  authenticateRequestSchema,
  tokenChangedEventSchema,
  type AuthenticateReply,
  type AuthenticateRequest,
  type TokenChangedEvent,
} from './token';

/**
 * The typed registry of subjects: for each request/reply subject its request and reply types and schemas, for
 * each event subject its payload type, schema and stream. The kit's `requestReply`, `serveRequests` and
 * `publishEvent` take a subject and infer everything else from here, so a type and its schema cannot be
 * paired wrongly at a call site.
 */
export interface RequestContracts {
  [Subjects.tokenAuthenticate]: { request: AuthenticateRequest; reply: AuthenticateReply };
  [Subjects.directoryUsersLookup]: { request: UsersLookupRequest; reply: UsersLookupReply };
  [Subjects.settingsGet]: { request: SettingsGetRequest; reply: SettingsGetReply };
  [Subjects.settingsSign]: { request: SettingsSignRequest; reply: SettingsSignReply };
  [Subjects.settingsTransmit]: { request: SettingsTransmitRequest; reply: SettingsTransmitReply };
  [Subjects.taxCalculate]: { request: TaxCalculateRequest; reply: TaxCalculateReply };
}

export interface EventContracts {
  [Subjects.tokenChanged]: TokenChangedEvent;
  [Subjects.settingsChanged]: SettingsChangedEvent;
  [Subjects.nfeCancelada]: DocumentoCanceladoEvent;
  [Subjects.cartaCorrecaoRegistrada]: CartaCorrecaoRegistradaEvent;
  [Subjects.documentoAutorizado]: DocumentoAutorizadoEvent;
  [Subjects.numeracaoInutilizada]: NumeracaoInutilizadaEvent;
  [Subjects.pedidoFaturado]: PedidoFaturadoEvent;
  [Subjects.contaPagarSolicitada]: ContaPagarSolicitada;
}

export type RequestSubject = keyof RequestContracts;
export type EventSubject = keyof EventContracts;
export type RequestOf<S extends RequestSubject> = RequestContracts[S]['request'];
export type ReplyOf<S extends RequestSubject> = RequestContracts[S]['reply'];
export type EventOf<S extends EventSubject> = EventContracts[S];

type StreamName = (typeof Streams)[keyof typeof Streams]['name'];

export const requestContracts: {
  [S in RequestSubject]: { request: Joi.Schema<RequestOf<S>>; reply: Joi.Schema<ReplyOf<S>> };
} = {
  [Subjects.tokenAuthenticate]: { request: authenticateRequestSchema, reply: authenticateReplySchema },
  [Subjects.directoryUsersLookup]: { request: usersLookupRequestSchema, reply: usersLookupReplySchema },
  [Subjects.settingsGet]: { request: settingsGetRequestSchema, reply: settingsGetReplySchema },
  [Subjects.settingsSign]: { request: settingsSignRequestSchema, reply: settingsSignReplySchema },
  [Subjects.settingsTransmit]: { request: settingsTransmitRequestSchema, reply: settingsTransmitReplySchema },
  [Subjects.taxCalculate]: { request: taxCalculateRequestSchema, reply: taxCalculateReplySchema },
};

/** `stream: null`: a core NATS event (fire and forget: its listeners can rebuild what they lose). */
export const eventContracts: { [S in EventSubject]: { schema: Joi.Schema<EventOf<S>>; stream: StreamName | null } } = {
  [Subjects.tokenChanged]: { schema: tokenChangedEventSchema, stream: null },
  [Subjects.settingsChanged]: { schema: settingsChangedEventSchema, stream: Streams.settings.name },
  [Subjects.nfeCancelada]: { schema: documentoCanceladoEventSchema, stream: Streams.fiscal.name },
  [Subjects.cartaCorrecaoRegistrada]: { schema: cartaCorrecaoRegistradaEventSchema, stream: Streams.fiscal.name },
  [Subjects.documentoAutorizado]: { schema: documentoAutorizadoEventSchema, stream: Streams.fiscal.name },
  [Subjects.numeracaoInutilizada]: { schema: numeracaoInutilizadaEventSchema, stream: Streams.fiscal.name },
  [Subjects.pedidoFaturado]: { schema: pedidoFaturadoEventSchema, stream: Streams.erp.name },
  [Subjects.contaPagarSolicitada]: { schema: contaPagarSolicitadaSchema, stream: Streams.finance.name },
};
