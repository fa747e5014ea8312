import type { ArquivoDocumento, DetalheDocumentoFiscal, DestinatarioDocumento, EventoDocumento, ItemDocumento } from '@erp/contracts';
import { reais } from '../domain/money';
import type { ImpostoDocumento } from '../domain/taxes';
import type { DocumentoRecord, TipoXml } from '../store/document-model';
import { documentView } from './views';

/**
 * A document's detail (GraphQL `detalheDocumentoFiscal`): the document, its recipient, its items with their own
 * tax lines, its events and its files, all read from the stored document and the types of XML kept with it.
 */

const DOCUMENTOS = '/api/erp/faturamento/documentos';

const linhas = (impostos: ImpostoDocumento[]) =>
  impostos.map((i) => ({ tributo: i.tributo, base: reais(i.baseCentavos), aliquota: i.aliquota, valor: reais(i.valorCentavos), informativo: i.informativo }));

function destinatario(doc: DocumentoRecord): DestinatarioDocumento | null {
  const d = doc.destinatario;
  if (!d) return null;
  const e = d.endereco ?? null;
  return {
    documento: d.documento,
    tipoDocumento: d.tipoDocumento,
    nome: d.nome,
    uf: d.uf,
    codigoMunicipio: d.codigoMunicipio,
    inscricaoEstadual: d.inscricaoEstadual,
    logradouro: e?.logradouro ?? null,
    numero: e?.numero ?? null,
    complemento: e?.complemento ?? null,
    bairro: e?.bairro ?? null,
    municipio: e?.municipio ?? null,
    cep: e?.cep ?? null,
  };
}

function itens(doc: DocumentoRecord): ItemDocumento[] {
  return doc.itens.map((item, i) => ({
    numero: i + 1,
    codigo: item.codigo,
    descricao: item.descricao,
    quantidade: item.quantidade,
    unidade: item.unidade,
    valorUnitario: item.valorUnitario,
    valorTotal: reais(item.valorCentavos),
    ncm: item.ncm,
    cfop: item.cfop,
    cst: item.cst,
    csosn: item.csosn,
    cest: item.cest ?? null,
    codigoServico: item.codigoServico,
    aliquotaIss: item.aliquotaIss,
    impostos: linhas(doc.impostosPorItem?.[i]?.linhas ?? []),
  }));
}

/** What happened to the document, in order: its authorizer's answer, then a cancellation or a mark. */
function eventos(doc: DocumentoRecord): EventoDocumento[] {
  const lista: EventoDocumento[] = [];
  const resposta = `${doc.cStat ?? ''} ${doc.motivo ?? ''}`.trim() || null;
  if (doc.autorizadoEm) lista.push({ tipo: 'AUTORIZACAO', descricao: 'Autorização de uso', em: doc.autorizadoEm, protocolo: doc.protocolo, detalhe: null });
  if (doc.situacao === 'REJEITADO') lista.push({ tipo: 'REJEICAO', descricao: 'Rejeitado pelo autorizador', em: doc.transmitidoEm ?? doc.emitidoEm, protocolo: null, detalhe: resposta });
  if (doc.situacao === 'DENEGADO') lista.push({ tipo: 'DENEGACAO', descricao: 'Uso denegado', em: doc.transmitidoEm ?? doc.emitidoEm, protocolo: doc.protocolo, detalhe: resposta });
  if (doc.canceladoEm) {
    // A cancellation by substitution names itself (its substitute is the document's chaveSubstituta).
    const descricao = doc.chaveSubstituta ? 'Cancelamento por substituição' : 'Cancelamento';
    lista.push({ tipo: 'CANCELAMENTO', descricao, em: doc.canceladoEm, protocolo: doc.protocoloCancelamento, detalhe: doc.justificativaCancelamento });
  }
  if (doc.entregueEm) lista.push({ tipo: 'ENTREGA', descricao: 'Entrega da mercadoria registrada', em: doc.entregueEm, protocolo: null, detalhe: null });
  if (doc.servicoIniciadoEm) lista.push({ tipo: 'INICIO_SERVICO', descricao: 'Início da prestação registrado', em: doc.servicoIniciadoEm, protocolo: null, detalhe: null });
  return lista.sort((a, b) => a.em.getTime() - b.em.getTime());
}

/** The files the service gives for it (the same rules as `document-files.ts`), each with its REST path. */
function arquivos(doc: DocumentoRecord, xmls: Set<TipoXml>): ArquivoDocumento[] {
  const base = `${DOCUMENTOS}/${doc._id}`;
  const lista: ArquivoDocumento[] = [];
  if (xmls.has('NFE_PROC') || xmls.has('NFE_ASSINADA')) {
    lista.push({ tipo: 'XML', nome: `${doc.chaveAcesso}-${xmls.has('NFE_PROC') ? 'procNFe' : 'nfe'}.xml`, caminho: `${base}/xml` });
  }
  if (xmls.has('CANCELAMENTO_PROC')) lista.push({ tipo: 'XML_CANCELAMENTO', nome: `${doc.chaveAcesso}-procEventoNFe.xml`, caminho: `${base}/cancelamento.xml` });
  if ((doc.modelo === 'NFE' || doc.modelo === 'NFCE') && (doc.situacao === 'AUTORIZADO' || doc.situacao === 'CANCELADO')) {
    const nfce = doc.modelo === 'NFCE';
    lista.push({ tipo: nfce ? 'DANFCE' : 'DANFE', nome: `${doc.chaveAcesso}-${nfce ? 'danfce' : 'danfe'}.pdf`, caminho: `${base}/danfe.pdf` });
  }
  return lista;
}

export function documentDetail(doc: DocumentoRecord, xmls: Set<TipoXml>, agora: Date): DetalheDocumentoFiscal {
  return { documento: documentView(doc, agora), destinatario: destinatario(doc), itens: itens(doc), eventos: eventos(doc), arquivos: arquivos(doc, xmls) };
}
