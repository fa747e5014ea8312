import type { ConfiguracaoFiscalCompartilhada, ModeloSefaz } from '@erp/contracts';
import { qrCodeNfce } from '../domain/qrcode';
import type { DocumentoRecord } from '../store/document-model';
import type { DadosNfe, ResponsavelTecnico } from './nfe';

/** The SEFAZ adapter serves NF-e and NFC-e only. */
export function modeloSefaz(modelo: string): ModeloSefaz {
  if (modelo !== 'NFE' && modelo !== 'NFCE') throw new Error(`the SEFAZ adapter serves NF-e and NFC-e, not ${modelo}`);
  return modelo;
}

/** What the XML needs of a stored document and the company's settings (the address is checked at emission). */
export function dadosNfe(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada, responsavelTecnico: ResponsavelTecnico | null): DadosNfe {
  const { empresa } = settings;
  const endereco = empresa.endereco;
  if (!endereco || !empresa.razaoSocial || !empresa.inscricaoEstadual) throw new Error('emitter address, name and IE are checked before a document is numbered');
  const modelo = modeloSefaz(doc.modelo);
  const porItem = doc.impostosPorItem ?? [];
  return {
    chave: doc.chaveAcesso!,
    modelo,
    ambiente: doc.ambiente,
    emitidoEm: doc.emitidoEm,
    naturezaOperacao: doc.simplesRemessa ? 'SIMPLES REMESSA' : 'VENDA DE MERCADORIA',
    emitente: {
      cnpj: doc.emitenteCnpj,
      razaoSocial: empresa.razaoSocial,
      inscricaoEstadual: empresa.inscricaoEstadual,
      crt: empresa.regimeTributario === 'SIMPLES_NACIONAL' ? '1' : '3',
      endereco: { ...endereco, codigoMunicipio: doc.emitenteMunicipio, uf: doc.emitenteUf },
    },
    destinatario: doc.destinatario,
    exportacao: doc.exportacao ?? null,
    itens: doc.itens.map((item, i) => ({
      codigo: item.codigo,
      descricao: item.descricao,
      ncm: item.ncm ?? '00',
      cfop: item.cfop ?? '5102',
      unidade: item.unidade,
      quantidade: item.quantidade,
      valorUnitario: item.valorUnitario,
      valorCentavos: item.valorCentavos,
      cst: item.cst,
      csosn: item.csosn,
      cest: item.cest ?? null,
      icmsStRetido: item.icmsStRetido ?? null,
      difal: porItem[i]?.difal ?? null,
      icms: porItem[i]?.icms ?? null,
      impostos: porItem[i]?.linhas ?? [],
    })),
    chaveCteReferenciada: doc.chaveCteReferenciada,
    modalidadeFrete: doc.modalidadeFrete ?? null,
    pagamentos: doc.pagamentos ?? null,
    informacoesComplementares: null,
    responsavelTecnico,
    qrCode: modelo === 'NFCE' ? qrCodeNfce(doc.chaveAcesso!, doc.emitenteUf, doc.ambiente) : null,
  };
}
