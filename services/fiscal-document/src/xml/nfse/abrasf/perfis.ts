/**
 * ABRASF 2.04 providers differ in the transport around the same messages; each difference is data here, never a
 * branch in the adapter (research §2.6: SOAP 1.1 or 1.2, SOAPAction, namespaces, where the signature goes,
 * certificate or user / password). A new provider is a new entry, with its source.
 */
export interface PerfilAbrasf {
  nome: string;
  /** Where the entry's facts come from. */
  fonte: string;
  /** SOAP 1.1 (`text/xml` + SOAPAction) or 1.2 (`application/soap+xml`). */
  soap: '1.1' | '1.2';
  /** The WSDL's namespace of the `…Request` wrapper. */
  namespaceWs: string;
  /** SOAPAction of an operation (SOAP 1.1). */
  soapAction: (operacao: OperacaoAbrasf) => string;
  /** `versaoDados` of `nfseCabecMsg`. */
  versaoDados: string;
  /** Whether the RPS (InfDeclaracaoPrestacaoServico) is signed; the cancellation request is always signed. */
  assinaRps: boolean;
  /** The namespace of `cabecalho` in `nfseCabecMsg`. */
  namespaceCabecalho: string;
  /** Messages carried as CDATA (with their XML declaration) instead of escaped text. */
  mensagensEmCdata: boolean;
}

export type OperacaoAbrasf = 'GerarNfse' | 'ConsultarNfsePorRps' | 'CancelarNfse' | 'SubstituirNfse';

export const NS_ABRASF = 'http://www.abrasf.org.br/nfse.xsd';

export const PERFIS_ABRASF: Record<string, PerfilAbrasf> = {
  ABRASF_2_04: {
    nome: 'ABRASF 2.04 (modelo nacional da ABRASF)',
    fonte: 'nfse.wsdl e nfse_v204.xsd do pacote nfse-abrasf-2.04 (services/fiscal-schemas/schemas/nfse-abrasf/2.04/SOURCE.md)',
    soap: '1.1',
    namespaceWs: 'http://nfse.abrasf.org.br',
    soapAction: (operacao) => `http://nfse.abrasf.org.br/${operacao}`,
    versaoDados: '2.04',
    assinaRps: true,
    namespaceCabecalho: NS_ABRASF,
    mensagensEmCdata: false,
  },
  /**
   * GISS Online (Santos, Diadema, João Pessoa, Campos dos Goytacazes... ABRASF 2.04): the same SOAP 1.1 binding and
   * SOAPActions, the header in GISS's own namespace, both messages as CDATA. Source: public integrations with the
   * GISS "RTC" homologation service `https://ws-homologacao-rtc.giss.com.br/service-ws/nf/nfse-ws` (read 2026-11-27
   * in the public code index; GISS's own manual not read here: **[UNCONFIRMED]**).
   */
  GISS_2_04: {
    nome: 'GISS Online (ABRASF 2.04)',
    fonte: 'integrações públicas com https://ws-homologacao-rtc.giss.com.br/service-ws/nf/nfse-ws (índice de código público, 2026-11-27) [UNCONFIRMED]',
    soap: '1.1',
    namespaceWs: 'http://nfse.abrasf.org.br',
    soapAction: (operacao) => `http://nfse.abrasf.org.br/${operacao}`,
    versaoDados: '2.04',
    assinaRps: true,
    namespaceCabecalho: 'http://www.giss.com.br/cabecalho-v2_04.xsd',
    mensagensEmCdata: true,
  },
};
