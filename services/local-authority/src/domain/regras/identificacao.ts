import { chaveDosCampos, digitoChave } from '../chave';
import type { NfeLida } from '../nfe-lida';
import { AMBOS, SO_NFCE, SO_NFE, primeiroItem, type Regra } from './regra';

/** SEFAZ's clock tolerance for a document dated after its arrival (MOC 7.0, rejection 703). */
const TOLERANCIA_FUTURO_MS = 5 * 60_000;
/** An NF-e may be authorized up to 30 days after its date (MOC B09-20). */
const ATRASO_NFE_MS = 30 * 86_400_000;
/** An NFC-e in normal emission is online: at most 5 minutes late (MOC B09-40, NT 2015.002). */
const ATRASO_NFCE_MS = 5 * 60_000;

const NOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

const chaveDoId = (nfe: NfeLida) => nfe.id.slice(3);
const campos = (nfe: NfeLida) => ({
  cUF: nfe.ide.cUF ?? '',
  dhEmi: nfe.ide.dhEmi ?? '',
  cnpj: nfe.emit.cnpj ?? '',
  mod: nfe.ide.mod ?? '',
  serie: nfe.ide.serie ?? '',
  nNF: nfe.ide.nNF ?? '',
  tpEmis: nfe.ide.tpEmis ?? '',
  cNF: nfe.ide.cNF ?? '',
});

/** Access key, dates, homologation literals and the issuer's regime. */
export const REGRAS_IDENTIFICACAO: Regra[] = [
  {
    campo: 'infNFe/@Id',
    cStat: '253',
    xMotivo: 'Rejeição: Digito Verificador da chave de acesso composta inválida',
    modelos: AMBOS,
    verificar: (nfe) => {
      const chave = chaveDoId(nfe);
      return String(digitoChave(chave.slice(0, 43))) === chave.slice(43) ? null : '';
    },
  },
  {
    campo: 'infNFe/@Id',
    cStat: '502',
    xMotivo: 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes',
    modelos: AMBOS,
    verificar: (nfe) => {
      const esperada = chaveDosCampos(campos(nfe));
      return chaveDoId(nfe) === esperada && nfe.ide.cDV === esperada.slice(43) ? null : '';
    },
  },
  {
    campo: 'ide/dhEmi',
    cStat: '703',
    xMotivo: 'Rejeição: Data-Hora de Emissão posterior ao horário de recebimento',
    modelos: AMBOS,
    verificar: (nfe, { recebidoEm }) => (Date.parse(nfe.ide.dhEmi ?? '') > recebidoEm.getTime() + TOLERANCIA_FUTURO_MS ? '' : null),
  },
  {
    campo: 'ide/dhEmi',
    cStat: '228',
    xMotivo: 'Rejeição: Data de Emissão muito atrasada',
    modelos: SO_NFE,
    verificar: (nfe, { recebidoEm }) => (Date.parse(nfe.ide.dhEmi ?? '') < recebidoEm.getTime() - ATRASO_NFE_MS ? '' : null),
  },
  {
    campo: 'ide/dhEmi',
    cStat: '704',
    xMotivo: 'Rejeição: NFC-e com Data-Hora de emissão atrasada',
    modelos: SO_NFCE,
    verificar: (nfe, { recebidoEm }) =>
      nfe.ide.tpEmis === '1' && Date.parse(nfe.ide.dhEmi ?? '') < recebidoEm.getTime() - ATRASO_NFCE_MS ? '' : null,
  },
  {
    campo: 'dest/xNome',
    cStat: '598',
    xMotivo: `Rejeição: NF-e emitida em ambiente de homologação com Razão Social do destinatário diferente de ${NOME_HOMOLOGACAO}`,
    modelos: AMBOS,
    verificar: (nfe) => (nfe.ide.tpAmb === '2' && nfe.dest?.xNome && nfe.dest.xNome !== NOME_HOMOLOGACAO ? '' : null),
  },
  {
    campo: 'det/imposto/ICMS/CST',
    cStat: '590',
    xMotivo: 'Rejeição: Informado CST para emissor do Simples Nacional (CRT=1)',
    modelos: AMBOS,
    verificar: (nfe) => (nfe.emit.crt === '1' ? primeiroItem(nfe, (i) => i.cst !== null) : null),
  },
  {
    campo: 'det/imposto/ICMS/CSOSN',
    cStat: '591',
    xMotivo: 'Rejeição: Informado CSOSN para emissor que não é do Simples Nacional (CRT diferente de 1)',
    modelos: AMBOS,
    verificar: (nfe) => (nfe.emit.crt !== '1' ? primeiroItem(nfe, (i) => i.csosn !== null) : null),
  },
];
