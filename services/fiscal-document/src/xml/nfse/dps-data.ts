import { tomadorNacional } from '../../domain/tomador';
import type { ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { interpretarCodigoServico } from '@erp/fiscal-rules';
import type { DocumentoRecord } from '../../store/document-model';
import type { DadosDps } from './dps';

/** `verAplic` of every DPS and event (TSVerAplic, up to 20 characters). */
export const VER_APLIC_NFSE = 'erp-faturamento-1.0';

/**
 * The IBS/CBS classification a regime-normal provider declares (Sefin computes the amounts): CST 000 "tributação
 * integral", cClassTrib 000001, and the operation indicator of a service provided and consumed at the provider's
 * city. cIndOp `020101` is the value public implementations send for an ordinary service (nfse-nacional samples);
 * the table of NT 004/2025 Annex VII itself could not be read here [UNCONFIRMED], see docs/nfse.md.
 */
export const IBSCBS_PADRAO = { cIndOp: '020101', cst: '000', cClassTrib: '000001' } as const;

/** `dCompet`: the issue date when the competence is the issue month, else the competence's first day (never ahead). */
export function dataCompetencia(competencia: string | null, emitidoEm: Date): string {
  const brasilia = new Date(emitidoEm.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
  if (!competencia) return brasilia;
  const [mes, ano] = competencia.split('/');
  return brasilia.startsWith(`${ano}-${mes}`) ? brasilia : `${ano}-${mes}-01`;
}

/** The national service code (cTribNac) of the document's service: the settings' when it is the same LC 116 item. */
export function cTribNacDe(codigoServico: string | null, settings: ConfiguracaoFiscalCompartilhada): string | null {
  const { nfse } = settings;
  if (!codigoServico || codigoServico === nfse.codigoServico) return nfse.codigoServicoNacional;
  const lido = interpretarCodigoServico(codigoServico);
  return typeof lido === 'object' ? lido.nacional : null;
}

/** A substitute DPS's reason: 99 "outros", with the text the layout then asks for (TSMotivo, 15 to 255). */
const SUBSTITUICAO = { codigo: '99', motivo: 'Substituicao de NFS-e emitida anteriormente pelo prestador' } as const;

export function dadosDps(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): DadosDps {
  const { nfse, empresa } = settings;
  const primeiro = doc.itens[0];
  const municipio = nfse.codigoCidade ?? doc.emitenteMunicipio;
  const regimeNormal = empresa.regimeTributario !== 'SIMPLES_NACIONAL';
  const destinatario = doc.destinatario;
  return {
    producao: doc.ambiente === 'PRODUÇÃO',
    emitidoEm: doc.emitidoEm,
    verAplic: VER_APLIC_NFSE,
    serie: doc.serie,
    numero: doc.numero ?? 1,
    competencia: dataCompetencia(doc.competencia, doc.emitidoEm),
    codigoMunicipio: municipio,
    prestador: { cnpj: doc.emitenteCnpj, inscricaoMunicipal: nfse.inscricaoMunicipal, simplesNacional: !regimeNormal },
    tomador: tomadorNacional(destinatario),
    servico: {
      cTribNac: cTribNacDe(primeiro?.codigoServico ?? null, settings) ?? '',
      descricao: doc.itens.map((item) => item.descricao).join('; '),
      cNbs: nfse.codigoNbs,
      localPrestacao: municipio,
    },
    valorCentavos: doc.valorTotalCentavos,
    aliquotaIss: primeiro?.aliquotaIss ?? null,
    ibsCbs: regimeNormal ? IBSCBS_PADRAO : null,
    substituida: doc.chaveNfseSubstituida ? { chave: doc.chaveNfseSubstituida, ...SUBSTITUICAO } : null,
  };
}
