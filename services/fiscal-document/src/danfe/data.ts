import type { ConfiguracaoFiscalCompartilhada, EnderecoEmpresa, Tributo } from '@erp/contracts';
import type { Element } from '@xmldom/xmldom';
import { qrCodeNfce } from '../domain/qrcode';
import type { DocumentoRecord } from '../store/document-model';
import { NS_NFE } from '../xml/nfe';
import { parseXml } from '../xml/signature';
import { pagamentosDoRegistro, pagamentosDoXml } from './payment-data';

/**
 * What a DANFE (NF-e) or DANFCE (NFC-e) shows, whatever it is made from: the authorized XML (`nfeProc`, or the
 * signed NF-e), which is what SEFAZ holds and so what the DANFE must represent; or, for a document of the local
 * authorizer (no XML exists), the stored document and the company's current settings. Money in centavos,
 * quantities and prices as the decimal text of the document.
 */
export interface DadosDanfe {
  modelo: 'NFE' | 'NFCE';
  chave: string;
  numero: number;
  serie: number;
  emitidoEm: Date;
  naturezaOperacao: string;
  homologacao: boolean;
  /** Authorized by the local authorizer (development): SEFAZ never saw it. */
  autorizadorLocal: boolean;
  /** The registered cancellation of a cancelled document (the DANFE then says so). */
  cancelamento: { protocolo: string | null; em: Date } | null;
  /** The latest correction letter registered (CC-e), printed with the additional data; absent: none. */
  cartaCorrecao?: { sequencia: number; texto: string; protocolo: string; em: Date } | null;
  protocolo: { numero: string; em: Date } | null;
  emitente: {
    cnpj: string;
    nome: string | null;
    inscricaoEstadual: string | null;
    uf: string;
    /** Simples Nacional (CRT 1): items show the CSOSN. */
    simples: boolean;
    endereco: EnderecoEmpresa | null;
  };
  destinatario: {
    documento: string;
    tipo: 'CNPJ' | 'CPF' | 'ESTRANGEIRO';
    nome: string | null;
    inscricaoEstadual: string | null;
    uf: string | null;
    endereco: EnderecoEmpresa | null;
  } | null;
  itens: ItemDanfe[];
  totais: TotaisDanfe;
  /** `modFrete` (0 issuer, 1 recipient, 2 third party, 9 no freight). */
  modalidadeFrete: string;
  /** The means of payment by label (`pag/detPag`: tPag in the NT's table, xPag with 99) and the change (vTroco). */
  pagamentos: { rotulo: string; valorCentavos: number }[];
  trocoCentavos: number;
  informacoesComplementares: string | null;
  /** NFC-e: the QR code text and the "consulta por chave" URL. */
  qrCode: string | null;
  urlChave: string | null;
  /** Lei 12.741/2012: the taxes the document carries (centavos). */
  tributosCentavos: number;
}

export interface ItemDanfe {
  codigo: string;
  descricao: string;
  ncm: string;
  /** CST (regime normal, with the origin digit) or CSOSN (Simples Nacional). */
  situacaoTributaria: string;
  cfop: string;
  unidade: string;
  quantidade: string;
  valorUnitario: string;
  valorCentavos: number;
  bcIcmsCentavos: number;
  icmsCentavos: number;
  ipiCentavos: number;
  aliquotaIcms: string;
  aliquotaIpi: string;
}

export interface TotaisDanfe {
  bcIcms: number;
  icms: number;
  bcIcmsSt: number;
  icmsSt: number;
  produtos: number;
  frete: number;
  seguro: number;
  desconto: number;
  outras: number;
  ipi: number;
  pis: number;
  cofins: number;
  /** IBS (UF + municipality) and CBS of the 2026 layout; null when the document has no IBSCBS group. */
  ibs: number | null;
  cbs: number | null;
  nota: number;
}

/** `1234.56` (or `1234.5`, `1234`) as integer centavos, without binary floating point. */
export function centavos(valor: string | null | undefined): number {
  if (!valor) return 0;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(valor.trim());
  if (!m) throw new Error(`not a money value: ${valor}`);
  const total = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -total : total;
}

/** The taxes the Lei 12.741/2012 line adds up: every tax of the document that is due (not informative). */
export function tributosDoDocumento(doc: DocumentoRecord): number {
  return doc.impostos.filter((i) => !i.informativo).reduce((t, i) => t + i.valorCentavos, 0);
}

const filho = (pai: Element | null, nome: string): Element | null => pai?.getElementsByTagNameNS(NS_NFE, nome).item(0) ?? null;
const valor = (pai: Element | null, nome: string): string | null => filho(pai, nome)?.textContent?.trim() ?? null;
const filhos = (pai: Element, nome: string): Element[] => {
  const lista = pai.getElementsByTagNameNS(NS_NFE, nome);
  return Array.from({ length: lista.length }, (_, i) => lista.item(i)!);
};
/** The one element child of a choice group (`ICMS00`, `ICMSSN102`, `IPITrib`...). */
const primeiroElemento = (pai: Element | null): Element | null => {
  if (!pai) return null;
  for (let i = 0; i < pai.childNodes.length; i += 1) {
    const no = pai.childNodes.item(i);
    if (no?.nodeType === 1) return no as Element;
  }
  return null;
};

/** An address group of the XML (`enderEmit`, `enderDest`: TEnderEmi and TEndereco share these fields). */
function enderecoDe(ender: Element | null): EnderecoEmpresa | null {
  if (!ender) return null;
  return {
    logradouro: valor(ender, 'xLgr') ?? '',
    numero: valor(ender, 'nro') ?? '',
    complemento: valor(ender, 'xCpl'),
    bairro: valor(ender, 'xBairro') ?? '',
    municipio: valor(ender, 'xMun') ?? '',
    cep: valor(ender, 'CEP') ?? '',
    telefone: valor(ender, 'fone'),
  };
}

/** `enderDest`; abroad (UF EX) the municipality box shows the country too: `EXTERIOR - ESTADOS UNIDOS`. */
function enderecoDestinatario(ender: Element | null): EnderecoEmpresa | null {
  const endereco = enderecoDe(ender);
  const pais = valor(ender, 'xPais');
  if (!endereco || valor(ender, 'UF') !== 'EX' || !pais) return endereco;
  return { ...endereco, municipio: `${endereco.municipio} - ${pais.toUpperCase()}` };
}

/** A DANFE of the authorized (or signed) XML: every field as SEFAZ has it. */
export function danfeDoXml(xml: string, doc: DocumentoRecord): DadosDanfe {
  const raiz = parseXml(xml).documentElement;
  if (!raiz) throw new Error('empty XML');
  const inf = filho(raiz, 'infNFe');
  if (!inf) throw new Error('no infNFe in the stored XML');
  const ide = filho(inf, 'ide');
  const emit = filho(inf, 'emit');
  const ender = filho(emit, 'enderEmit');
  const dest = filho(inf, 'dest');
  const enderDest = filho(dest, 'enderDest');
  const tot = filho(filho(inf, 'total'), 'ICMSTot');
  const ibscbs = filho(filho(inf, 'total'), 'IBSCBSTot');
  const prot = filho(raiz, 'infProt');
  const nProt = valor(prot, 'nProt');
  const dhRecbto = valor(prot, 'dhRecbto');
  // A recipient abroad has idEstrangeiro (possibly empty) instead of a CNPJ or CPF.
  const estrangeiro = dest !== null && filho(dest, 'idEstrangeiro') !== null;
  const documentoDest = dest ? (valor(dest, 'CNPJ') ?? valor(dest, 'CPF') ?? (estrangeiro ? (valor(dest, 'idEstrangeiro') ?? '') : null)) : null;
  const supl = filho(raiz, 'infNFeSupl');
  return {
    modelo: valor(ide, 'mod') === '65' ? 'NFCE' : 'NFE',
    chave: (inf.getAttribute('Id') ?? '').replace(/^NFe/, ''),
    numero: Number(valor(ide, 'nNF')),
    serie: Number(valor(ide, 'serie')),
    emitidoEm: new Date(valor(ide, 'dhEmi') ?? doc.emitidoEm),
    naturezaOperacao: valor(ide, 'natOp') ?? '',
    homologacao: valor(ide, 'tpAmb') === '2',
    autorizadorLocal: false,
    cancelamento: cancelamentoDe(doc),
    // The protocol of the nfeProc; a signed NF-e alone (protocol lost with the answer) takes the document's.
    protocolo: nProt && dhRecbto ? { numero: nProt, em: new Date(dhRecbto) } : doc.protocolo && doc.autorizadoEm ? { numero: doc.protocolo, em: new Date(doc.autorizadoEm) } : null,
    emitente: {
      cnpj: valor(emit, 'CNPJ') ?? doc.emitenteCnpj,
      nome: valor(emit, 'xNome'),
      inscricaoEstadual: valor(emit, 'IE'),
      uf: valor(ender, 'UF') ?? doc.emitenteUf,
      simples: valor(emit, 'CRT') === '1',
      endereco: enderecoDe(ender),
    },
    destinatario:
      dest && documentoDest !== null
        ? {
            documento: documentoDest,
            tipo: estrangeiro ? 'ESTRANGEIRO' : valor(dest, 'CNPJ') ? 'CNPJ' : 'CPF',
            nome: valor(dest, 'xNome'),
            inscricaoEstadual: valor(dest, 'IE'),
            uf: valor(enderDest, 'UF') ?? doc.destinatario?.uf ?? null,
            endereco: enderecoDestinatario(enderDest),
          }
        : null,
    itens: filhos(inf, 'det').map((det) => {
      const prod = filho(det, 'prod');
      const icms = primeiroElemento(filho(det, 'ICMS'));
      const ipi = filho(filho(det, 'IPI'), 'IPITrib');
      const csosn = valor(icms, 'CSOSN');
      return {
        codigo: valor(prod, 'cProd') ?? '',
        descricao: valor(prod, 'xProd') ?? '',
        ncm: valor(prod, 'NCM') ?? '',
        situacaoTributaria: csosn ?? `${valor(icms, 'orig') ?? '0'}${valor(icms, 'CST') ?? ''}`,
        cfop: valor(prod, 'CFOP') ?? '',
        unidade: valor(prod, 'uCom') ?? '',
        quantidade: valor(prod, 'qCom') ?? '',
        valorUnitario: valor(prod, 'vUnCom') ?? '',
        valorCentavos: centavos(valor(prod, 'vProd')),
        bcIcmsCentavos: centavos(valor(icms, 'vBC')),
        icmsCentavos: centavos(valor(icms, 'vICMS')),
        ipiCentavos: centavos(valor(ipi, 'vIPI')),
        aliquotaIcms: valor(icms, 'pICMS') ?? '',
        aliquotaIpi: valor(ipi, 'pIPI') ?? '',
      };
    }),
    totais: {
      bcIcms: centavos(valor(tot, 'vBC')),
      icms: centavos(valor(tot, 'vICMS')),
      bcIcmsSt: centavos(valor(tot, 'vBCST')),
      icmsSt: centavos(valor(tot, 'vST')),
      produtos: centavos(valor(tot, 'vProd')),
      frete: centavos(valor(tot, 'vFrete')),
      seguro: centavos(valor(tot, 'vSeg')),
      desconto: centavos(valor(tot, 'vDesc')),
      outras: centavos(valor(tot, 'vOutro')),
      ipi: centavos(valor(tot, 'vIPI')),
      pis: centavos(valor(tot, 'vPIS')),
      cofins: centavos(valor(tot, 'vCOFINS')),
      ibs: ibscbs ? centavos(valor(filho(ibscbs, 'gIBS'), 'vIBS')) : null,
      cbs: ibscbs ? centavos(valor(filho(ibscbs, 'gCBS'), 'vCBS')) : null,
      nota: centavos(valor(tot, 'vNF')),
    },
    modalidadeFrete: valor(filho(inf, 'transp'), 'modFrete') ?? '9',
    ...pagamentosDoXml(filho(inf, 'pag'), centavos(valor(tot, 'vNF'))),
    informacoesComplementares: valor(filho(inf, 'infAdic'), 'infCpl'),
    qrCode: valor(supl, 'qrCode'),
    urlChave: valor(supl, 'urlChave'),
    tributosCentavos: tributosDoDocumento(doc),
  };
}

const decimal = (n: number) => String(n);

function cancelamentoDe(doc: DocumentoRecord): DadosDanfe['cancelamento'] {
  return doc.situacao === 'CANCELADO' && doc.canceladoEm ? { protocolo: doc.protocoloCancelamento, em: new Date(doc.canceladoEm) } : null;
}

/**
 * A DANFE of a document the local authorizer issued (no XML exists): the stored document, with the issuer's
 * name, state registration and address from the company's current settings (the document keeps only its CNPJ,
 * UF and city). Always homologation: the local authorizer authorizes nothing else.
 */
export function danfeDoDocumento(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada | null): DadosDanfe {
  if (doc.modelo !== 'NFE' && doc.modelo !== 'NFCE') throw new Error(`no DANFE for ${doc.modelo}`);
  const empresa = settings?.empresa;
  const simples = empresa?.regimeTributario === 'SIMPLES_NACIONAL';
  const porItem = doc.impostosPorItem ?? [];
  const linha = (i: number, tributo: Tributo) => porItem[i]?.linhas.find((l) => l.tributo === tributo) ?? null;
  const soma = (tributo: Tributo, campo: 'baseCentavos' | 'valorCentavos') => doc.impostos.filter((l) => l.tributo === tributo).reduce((t, l) => t + l[campo], 0);
  const ibsCbs = !simples && doc.impostos.some((l) => l.tributo === 'CBS');
  const ipi = doc.modelo === 'NFE' ? soma('IPI', 'valorCentavos') : 0;
  const complementares = [
    simples ? 'Documento emitido por ME ou EPP optante pelo Simples Nacional.' : null,
    doc.chaveCteReferenciada ? `Transporte documentado pelo CT-e ${doc.chaveCteReferenciada}.` : null,
  ].filter((t): t is string => t !== null);
  const qr = doc.modelo === 'NFCE' && doc.chaveAcesso ? qrCodeNfce(doc.chaveAcesso, doc.emitenteUf, doc.ambiente) : null;
  return {
    modelo: doc.modelo,
    chave: doc.chaveAcesso ?? '',
    numero: doc.numero ?? 0,
    serie: doc.serie,
    emitidoEm: new Date(doc.emitidoEm),
    naturezaOperacao: doc.simplesRemessa ? 'SIMPLES REMESSA' : 'VENDA DE MERCADORIA',
    homologacao: doc.ambiente === 'HOMOLOGAÇÃO',
    autorizadorLocal: true,
    cancelamento: cancelamentoDe(doc),
    protocolo: doc.protocolo && doc.autorizadoEm ? { numero: doc.protocolo, em: new Date(doc.autorizadoEm) } : null,
    emitente: {
      cnpj: doc.emitenteCnpj,
      nome: empresa?.cnpj === doc.emitenteCnpj ? empresa.razaoSocial : null,
      inscricaoEstadual: empresa?.cnpj === doc.emitenteCnpj ? empresa.inscricaoEstadual : null,
      uf: doc.emitenteUf,
      simples,
      endereco: empresa?.cnpj === doc.emitenteCnpj && empresa.endereco ? { ...empresa.endereco } : null,
    },
    destinatario: doc.destinatario
      ? {
          documento: doc.destinatario.documento,
          tipo: doc.destinatario.tipoDocumento,
          nome: doc.destinatario.nome,
          inscricaoEstadual: doc.destinatario.inscricaoEstadual,
          uf: doc.destinatario.uf,
          endereco: doc.destinatario.endereco ?? null,
        }
      : null,
    itens: doc.itens.map((item, i) => {
      const icms = simples ? null : linha(i, 'ICMS');
      const ipiItem = doc.modelo === 'NFE' ? linha(i, 'IPI') : null;
      return {
        codigo: item.codigo,
        descricao: item.descricao,
        ncm: item.ncm ?? '',
        situacaoTributaria: item.csosn ?? (item.cst ? `0${item.cst}` : ''),
        cfop: item.cfop ?? '',
        unidade: item.unidade,
        quantidade: decimal(item.quantidade),
        valorUnitario: decimal(item.valorUnitario),
        valorCentavos: item.valorCentavos,
        bcIcmsCentavos: icms?.baseCentavos ?? 0,
        icmsCentavos: icms?.valorCentavos ?? 0,
        ipiCentavos: ipiItem?.valorCentavos ?? 0,
        aliquotaIcms: icms ? String(icms.aliquota) : '',
        aliquotaIpi: ipiItem ? String(ipiItem.aliquota) : '',
      };
    }),
    totais: {
      bcIcms: simples ? 0 : soma('ICMS', 'baseCentavos'),
      icms: simples ? 0 : soma('ICMS', 'valorCentavos'),
      bcIcmsSt: 0,
      icmsSt: 0,
      produtos: doc.itens.reduce((t, item) => t + item.valorCentavos, 0),
      frete: 0,
      seguro: 0,
      desconto: 0,
      outras: 0,
      ipi,
      pis: simples ? 0 : soma('PIS', 'valorCentavos'),
      cofins: simples ? 0 : soma('COFINS', 'valorCentavos'),
      ibs: ibsCbs ? soma('IBS_UF', 'valorCentavos') + soma('IBS_MUN', 'valorCentavos') : null,
      cbs: ibsCbs ? soma('CBS', 'valorCentavos') : null,
      nota: doc.itens.reduce((t, item) => t + item.valorCentavos, 0) + ipi,
    },
    modalidadeFrete: String(doc.modalidadeFrete ?? (doc.modelo === 'NFE' && doc.chaveCteReferenciada ? 0 : 9)),
    ...pagamentosDoRegistro(doc, doc.itens.reduce((t, item) => t + item.valorCentavos, 0) + ipi),
    informacoesComplementares: complementares.length > 0 ? complementares.join(' ') : null,
    qrCode: qr?.url ?? null,
    urlChave: qr?.urlChave ?? null,
    tributosCentavos: tributosDoDocumento(doc),
  };
}
