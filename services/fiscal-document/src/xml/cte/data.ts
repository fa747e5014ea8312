import type { ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { qrCodeCte } from '../../domain/cte-qrcode';
import type { DocumentoRecord } from '../../store/document-model';
import type { DadosXmlCte } from './types';

/** What the CT-e XML needs of a stored document and the company's settings (both checked at emission). */
export function dadosXmlCte(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): DadosXmlCte {
  const { empresa } = settings;
  const endereco = empresa.endereco;
  if (!endereco || !empresa.razaoSocial || !empresa.inscricaoEstadual) throw new Error('emitter address, name and IE are checked before a document is numbered');
  if (!doc.cte || !doc.destinatario) throw new Error(`document ${doc._id} is not a CT-e with its transport data`);
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
    destinatario: doc.destinatario,
    cte: doc.cte,
    componentes: doc.itens.map((item) => ({ nome: item.descricao, valorCentavos: item.valorCentavos })),
    valorPrestacaoCentavos: doc.valorTotalCentavos,
    cst: primeiro?.cst ?? null,
    impostos: doc.impostos,
    chavesNfe: doc.chavesNfeTransportadas,
    qrCode: qrCodeCte(doc.chaveAcesso!, doc.emitenteUf, doc.ambiente),
  };
}
