import { cnpjProblem } from '@erp/fiscal-rules';
import { centavos } from '../xml';
import { AMBOS, SO_NFCE, SO_NFE, type Regra } from './regra';
import responsavelTecnico from '../data/responsavel-tecnico.json';

/** UFs that reject an NF-e / NFC-e without infRespTec (rule ZD01-10), as dated data with its source. */
const UFS_EXIGEM_RESPONSAVEL_TECNICO: ReadonlySet<string> = new Set(responsavelTecnico.ufs);

const pago = (nfe: Parameters<Regra['verificar']>[0]) => nfe.pagamentos.reduce((t, p) => t + p.vPag, 0);
const vNF = (nfe: Parameters<Regra['verificar']>[0]) => centavos(nfe.icmsTot.vNF ?? null);

/**
 * The NFC-e's identification (a sale in person to a final consumer, in the UF) and the DANFE format of each model:
 * group B of the MOC, met before the recipient and the items.
 */
export const REGRAS_IDE_MODELO: Regra[] = [
  {
    campo: 'ide/idDest',
    cStat: '707',
    xMotivo: 'Rejeição: NFC-e para operação interestadual ou com o exterior',
    modelos: SO_NFCE,
    verificar: (nfe) => (nfe.ide.idDest !== '1' ? '' : null),
  },
  {
    campo: 'ide/tpImp',
    cStat: '709',
    xMotivo: 'Rejeição: NFC-e com formato de DANFE inválido',
    modelos: SO_NFCE,
    verificar: (nfe) => (nfe.ide.tpImp !== '4' && nfe.ide.tpImp !== '5' ? '' : null),
  },
  {
    campo: 'ide/tpImp',
    cStat: '710',
    xMotivo: 'Rejeição: NF-e com formato de DANFE inválido',
    modelos: SO_NFE,
    verificar: (nfe) => (nfe.ide.tpImp === '4' || nfe.ide.tpImp === '5' ? '' : null),
  },
  {
    campo: 'ide/indFinal',
    cStat: '716',
    xMotivo: 'Rejeição: NFC-e em operação não destinada a consumidor final',
    modelos: SO_NFCE,
    verificar: (nfe) => (nfe.ide.indFinal !== '1' ? '' : null),
  },
  {
    campo: 'ide/indPres',
    cStat: '717',
    xMotivo: 'Rejeição: NFC-e em operação não presencial',
    modelos: SO_NFCE,
    verificar: (nfe) => (nfe.ide.indPres !== '1' && nfe.ide.indPres !== '4' ? '' : null),
  },
];

/** Transport, payment and the technical responsible (groups X, YA and ZD). */
export const REGRAS_NFCE_PAGAMENTO: Regra[] = [
  {
    campo: 'transp/modFrete',
    cStat: '753',
    xMotivo: 'Rejeição: NFC-e com Frete',
    modelos: SO_NFCE,
    verificar: (nfe) => (nfe.modFrete !== '9' && nfe.ide.indPres !== '4' ? '' : null),
  },
  {
    campo: 'infNFeSupl/qrCode',
    cStat: '394',
    xMotivo: 'Rejeição: Nota Fiscal sem a informação do QR-Code',
    modelos: SO_NFCE,
    verificar: (nfe) => (nfe.temQrCode ? null : ''),
  },
  {
    campo: 'pag/detPag/tPag',
    cStat: '899',
    xMotivo: 'Rejeição: Informado incorretamente o campo meio de pagamento',
    modelos: SO_NFCE,
    // "90 - Sem pagamento" does not fit a sale to a consumer.
    verificar: (nfe) => (nfe.ide.finNFe === '1' && nfe.pagamentos.some((p) => p.tPag === '90') ? '' : null),
  },
  {
    campo: 'pag/detPag/card',
    cStat: '391',
    xMotivo: 'Rejeição: Não informados os dados do cartão de crédito / débito nas Formas de Pagamento da Nota Fiscal',
    modelos: SO_NFCE,
    // MOC 4.00 group YA, NT 2016.002: on an NFC-e a credit or debit card payment carries the card group (tpIntegra).
    verificar: (nfe) => (nfe.pagamentos.some((p) => (p.tPag === '03' || p.tPag === '04') && !p.card) ? '' : null),
  },
  {
    campo: 'pag/detPag/vPag',
    cStat: '865',
    xMotivo: 'Rejeição: Total dos pagamentos menor que o total da nota',
    modelos: SO_NFCE,
    verificar: (nfe) => (pago(nfe) < vNF(nfe) ? '' : null),
  },
  {
    campo: 'pag/vTroco',
    cStat: '866',
    xMotivo: 'Rejeição: Ausência de troco quando o valor dos pagamentos informados for maior que o total da nota',
    modelos: AMBOS,
    verificar: (nfe) => (['1', '2'].includes(nfe.ide.finNFe ?? '') && nfe.vTroco === 0 && pago(nfe) > vNF(nfe) ? '' : null),
  },
  {
    campo: 'pag/vTroco',
    cStat: '869',
    xMotivo: 'Rejeição: Valor do troco incorreto',
    modelos: AMBOS,
    verificar: (nfe) => (['1', '2'].includes(nfe.ide.finNFe ?? '') && nfe.vTroco > 0 && pago(nfe) - nfe.vTroco !== vNF(nfe) ? '' : null),
  },
  {
    campo: 'infRespTec',
    cStat: '972',
    xMotivo: 'Rejeição: Obrigatória as informações do responsável técnico',
    modelos: AMBOS,
    verificar: (nfe) => (nfe.infRespTec === null && UFS_EXIGEM_RESPONSAVEL_TECNICO.has(nfe.emit.uf) ? '' : null),
  },
  {
    campo: 'infRespTec/CNPJ',
    cStat: '973',
    xMotivo: 'Rejeição: CNPJ do responsável técnico inválido',
    modelos: AMBOS,
    verificar: (nfe) => (nfe.infRespTec?.cnpj && cnpjProblem(nfe.infRespTec.cnpj) !== null ? '' : null),
  },
];
