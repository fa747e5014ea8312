/**
 * Every NATS subject that crosses a service boundary. A change here is a versioned contract change:
 * add a `v2` subject beside the `v1` one, never edit a published one in place.
 */
export const Subjects = {
  /** request/reply: ingestion asks the token service who a bearer token is. */
  tokenAuthenticate: 'token.v1.authenticate',
  /** core pub/sub: any change to a token (state, scope, expiry); caches drop the token at once. */
  tokenChanged: 'token.v1.changed',
  /** request/reply: ingestion asks which e-mails are users of a company (token service owns the directory). */
  directoryUsersLookup: 'directory.v1.users.lookup',
  /** request/reply: fiscal services ask for a company's fiscal settings (no decrypted secrets). */
  settingsGet: 'settings.v1.get',
  /** JetStream: a company's fiscal settings changed. */
  settingsChanged: 'settings.v1.changed',
  /** request/reply: fiscal-document has bytes signed with a company's A1 key, which never leaves settings. */
  settingsSign: 'settings.v1.sign',
  /** request/reply: fiscal-document has an HTTPS call made with a company's A1 certificate (mutual TLS). */
  settingsTransmit: 'settings.v1.transmit',
  /** JetStream: a fiscal document was cancelled (spec section 6, `ERP_NFE_CANCELADA`). */
  nfeCancelada: 'fiscal.v1.ERP_NFE_CANCELADA',
  /** JetStream: a correction letter (CC-e, event 110110) of an NF-e was registered. */
  cartaCorrecaoRegistrada: 'fiscal.v1.ERP_NFE_CARTA_CORRECAO',
  /** JetStream: a fiscal document was authorized (accounting posts its revenue). */
  documentoAutorizado: 'fiscal.v1.ERP_DOCUMENTO_AUTORIZADO',
  /** JetStream: SEFAZ registered the voiding (inutilização) of a range of unused numbers. */
  numeracaoInutilizada: 'fiscal.v1.ERP_NUMERACAO_INUTILIZADA',
  /** JetStream, published by the ERP: an order was invoiced (automatic emission listens). */
  pedidoFaturado: 'erp.v1.pedido.faturado',
  /** request/reply: the tax engine without storing (fiscal-document asks for each document's taxes). */
  taxCalculate: 'tax.v1.calculate',
  /** JetStream: one payable-title (CP) request per provisioned tax. */
  contaPagarSolicitada: 'finance.v1.conta-pagar.solicitada',
} as const;

/** JetStream streams and the subjects each one keeps. */
export const Streams = {
  fiscal: { name: 'FISCAL', subjects: ['fiscal.v1.>'] },
  settings: { name: 'SETTINGS', subjects: ['settings.v1.changed'] },
  finance: { name: 'FINANCE', subjects: ['finance.v1.>'] },
  erp: { name: 'ERP', subjects: ['erp.v1.>'] },
} as const;

export type Subject = (typeof Subjects)[keyof typeof Subjects];
