import type { ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { qrCodeCte } from '../../domain/cte-qrcode';
import type { DocumentoRecord } from '../../store/document-model';
import type { DadosXmlCte, DadosXmlCteOs } from './types';

/** What the CT-e XML needs of a stored document and the company's settings (both checked at emission). */
export function dadosXmlCte(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): DadosXmlCte {
  if (!doc.cte || !doc.destinatario) throw new Error(`document ${doc._id} is not a CT-e with its transport data`);
  return { ...comum(doc, settings), cte: doc.cte, chavesNfe: doc.chavesNfeTransportadas, qrCode: qrCodeCte(doc.chaveAcesso!, doc.emitenteUf, doc.ambiente) };
}

/** The same for a CT-e OS (model 67): its QR code is the CT-e OS authorizer's. */
export function dadosXmlCteOs(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): DadosXmlCteOs {
  if (!doc.cteOs || !doc.destinatario) throw new Error(`document ${doc._id} is not a CT-e OS with its service data`);
  return { ...comum(doc, settings), cteOs: doc.cteOs, qrCode: qrCodeCte(doc.chaveAcesso!, doc.emitenteUf, doc.ambiente, 'CTEOS') };
}

function comum(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Omit<DadosXmlCte, 'cte' | 'chavesNfe' | 'qrCode'> {
  const { empresa } = settings;
  const endereco = empresa.endereco;
  if (!endereco || !empresa.razaoSocial || !empresa.inscricaoEstadual) throw new Error('emitter address, name and IE are checked before a document is numbered');
  const [primeiro] = doc.itens;
  return {
    chave: doc.chaveAcesso!,
    ambiente: doc.ambiente,
    emitidoEm: doc.emitidoEm,
    emitente: {
      cnpj: doc.emitenteCnpj,
      razaoSocial: empresa.razaoSocial,
      inscricaoEstadual: empresa.inscricaoEstadual,
      crt: empresa.regimeTributario === 'SIMPLES_NACIONAL' ? '1' : '3',
      endereco: { ...endereco, codigoMunicipio: doc.emitenteMunicipio, uf: doc.emitenteUf },
    },
    destinatario: doc.destinatario!,
    componentes: doc.itens.map((item) => ({ nome: item.descricao, valorCentavos: item.valorCentavos })),
    valorPrestacaoCentavos: doc.valorTotalCentavos,
    cst: primeiro?.cst ?? null,
    impostos: doc.impostos,
  };
}
