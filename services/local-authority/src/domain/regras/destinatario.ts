import { cnpjProblem, cpfProblem } from '@erp/fiscal-rules';
import { AMBOS, SO_NFCE, SO_NFE, type Regra } from './regra';

/** The recipient: identification, check digits, the IE against indIEDest, and the recipient's UF against idDest. */
export const REGRAS_DESTINATARIO: Regra[] = [
  {
    campo: 'dest',
    cStat: '719',
    xMotivo: 'Rejeição: NF-e sem a identificação do destinatário',
    modelos: SO_NFE,
    verificar: (nfe) => (nfe.dest === null ? '' : null),
  },
  {
    campo: 'dest/CNPJ',
    cStat: '208',
    xMotivo: 'Rejeição: CNPJ do destinatário inválido',
    modelos: AMBOS,
    verificar: (nfe) => (nfe.dest?.cnpj && cnpjProblem(nfe.dest.cnpj) !== null ? '' : null),
  },
  {
    campo: 'dest/CPF',
    cStat: '237',
    xMotivo: 'Rejeição: CPF do destinatário inválido',
    modelos: AMBOS,
    verificar: (nfe) => (nfe.dest?.cpf && cpfProblem(nfe.dest.cpf) !== null ? '' : null),
  },
  {
    campo: 'ide/idDest',
    cStat: '721',
    xMotivo: 'Rejeição: Operação interestadual deve informar CNPJ ou CPF',
    modelos: SO_NFE,
    verificar: (nfe) => (nfe.ide.idDest === '2' && !nfe.dest?.cnpj && !nfe.dest?.cpf ? '' : null),
  },
  {
    campo: 'ide/idDest',
    cStat: '772',
    xMotivo: 'Rejeição: Operação Interestadual e UF de destino igual à UF do emitente',
    modelos: SO_NFE,
    verificar: (nfe) => (nfe.ide.idDest === '2' && nfe.dest?.uf && nfe.dest.uf === nfe.emit.uf ? '' : null),
  },
  {
    campo: 'ide/idDest',
    cStat: '773',
    xMotivo: 'Rejeição: Operação Interna e UF de destino difere da UF do emitente',
    modelos: SO_NFE,
    // A sale in the shop to a customer from another UF is internal (indPres 1).
    verificar: (nfe) => (nfe.ide.idDest === '1' && nfe.ide.indPres !== '1' && nfe.dest?.uf && nfe.dest.uf !== nfe.emit.uf ? '' : null),
  },
  {
    campo: 'dest/IE',
    cStat: '232',
    xMotivo: 'Rejeição: IE do destinatário não informada',
    modelos: SO_NFE,
    verificar: (nfe) => (nfe.dest?.indIEDest === '1' && !nfe.dest.ie ? '' : null),
  },
  {
    campo: 'dest/IE',
    cStat: '791',
    xMotivo: 'Rejeição: NF-e com indicação de destinatário isento de IE, com a informação da IE do destinatário',
    modelos: SO_NFE,
    verificar: (nfe) => (nfe.dest?.indIEDest === '2' && nfe.dest.ie ? '' : null),
  },
  {
    campo: 'ide/indFinal',
    cStat: '696',
    xMotivo: 'Rejeição: Operação com não contribuinte deve indicar operação com consumidor final',
    modelos: SO_NFE,
    verificar: (nfe) => (nfe.dest?.indIEDest === '9' && nfe.ide.indFinal === '0' ? '' : null),
  },
  {
    campo: 'dest/IE',
    cStat: '729',
    xMotivo: 'Rejeição: NFC-e com informação da IE do destinatário',
    modelos: SO_NFCE,
    verificar: (nfe) => (nfe.dest?.ie ? '' : null),
  },
];
