import { DOMParser, type Element } from '@xmldom/xmldom';

/**
 * What the DANFSe prints, read from the NFS-e Sefin returned (its `infNFSe` and the DPS inside): the printed
 * document says only what the authorized XML says.
 */
export interface DadosDanfse {
  chave: string;
  numero: string;
  processadaEm: Date;
  /** `AAAA-MM-DD` */
  competencia: string;
  serieDps: string;
  numeroDps: string;
  emitidaEm: Date;
  homologacao: boolean;
  cancelada: boolean;
  emitente: { documento: string; inscricaoMunicipal: string | null; nome: string; endereco: string; municipio: string };
  tomador: { documento: string; nome: string } | null;
  servico: { cTribNac: string; xTribNac: string; descricao: string; nbs: string | null; local: string; municipioEmissao: string };
  valores: { servicoCentavos: number; baseCentavos: number | null; aliquota: string | null; issCentavos: number | null; liquidoCentavos: number };
  ibsCbs: { cst: string; cClassTrib: string } | null;
  substitui: string | null;
}

const filho = (pai: Element | null, nome: string): Element | null => {
  for (let no = pai?.firstChild ?? null; no; no = no.nextSibling) if (no.nodeType === 1 && (no as Element).localName === nome) return no as Element;
  return null;
};
const caminho = (pai: Element | null, ...nomes: string[]) => nomes.reduce<Element | null>((atual, nome) => filho(atual, nome), pai);
const texto = (pai: Element | null, ...nomes: string[]) => {
  const el = caminho(pai, ...nomes);
  return el ? (el.textContent ?? '').trim() : null;
};
/** `1234.56` as integer centavos, without floating point. */
const centavos = (valor: string | null): number | null => {
  if (!valor) return null;
  const [inteira, fracao = ''] = valor.split('.');
  return Number(inteira) * 100 + Number(fracao.padEnd(2, '0').slice(0, 2));
};

export function danfseDoXml(xml: string, cancelada: boolean): DadosDanfse {
  const raiz = new DOMParser().parseFromString(xml, 'text/xml').documentElement ?? null;
  const inf = filho(raiz, 'infNFSe');
  const infDps = caminho(inf, 'DPS', 'infDPS');
  if (!inf || !infDps) throw new Error('not an NFS-e with its DPS');
  const emit = filho(inf, 'emit');
  const end = filho(emit, 'enderNac');
  const toma = filho(infDps, 'toma');
  const vServ = centavos(texto(infDps, 'valores', 'vServPrest', 'vServ')) ?? 0;
  const gIbsCbs = caminho(infDps, 'IBSCBS', 'valores', 'trib', 'gIBSCBS');
  return {
    chave: (inf.getAttribute('Id') ?? '').replace(/^NFS/, ''),
    numero: texto(inf, 'nNFSe') ?? '',
    processadaEm: new Date(texto(inf, 'dhProc') ?? 0),
    competencia: texto(infDps, 'dCompet') ?? '',
    serieDps: texto(infDps, 'serie') ?? '',
    numeroDps: texto(infDps, 'nDPS') ?? '',
    emitidaEm: new Date(texto(infDps, 'dhEmi') ?? 0),
    homologacao: texto(infDps, 'tpAmb') === '2',
    cancelada,
    emitente: {
      documento: texto(emit, 'CNPJ') ?? texto(emit, 'CPF') ?? '',
      inscricaoMunicipal: texto(emit, 'IM'),
      nome: texto(emit, 'xNome') ?? '',
      endereco: [texto(end, 'xLgr'), texto(end, 'nro'), texto(end, 'xCpl'), texto(end, 'xBairro')].filter(Boolean).join(', '),
      municipio: `${texto(inf, 'xLocEmi') ?? ''} - ${texto(end, 'UF') ?? ''}  CEP ${texto(end, 'CEP') ?? ''}`,
    },
    tomador: toma ? { documento: texto(toma, 'CNPJ') ?? texto(toma, 'CPF') ?? texto(toma, 'NIF') ?? '', nome: texto(toma, 'xNome') ?? '' } : null,
    servico: {
      cTribNac: texto(infDps, 'serv', 'cServ', 'cTribNac') ?? '',
      xTribNac: texto(inf, 'xTribNac') ?? '',
      descricao: texto(infDps, 'serv', 'cServ', 'xDescServ') ?? '',
      nbs: texto(infDps, 'serv', 'cServ', 'cNBS'),
      local: texto(inf, 'xLocPrestacao') ?? '',
      municipioEmissao: texto(inf, 'xLocEmi') ?? '',
    },
    valores: {
      servicoCentavos: vServ,
      baseCentavos: centavos(texto(inf, 'valores', 'vBC')),
      aliquota: texto(inf, 'valores', 'pAliqAplic'),
      issCentavos: centavos(texto(inf, 'valores', 'vISSQN')),
      liquidoCentavos: centavos(texto(inf, 'valores', 'vLiq')) ?? vServ,
    },
    ibsCbs: gIbsCbs ? { cst: texto(gIbsCbs, 'CST') ?? '', cClassTrib: texto(gIbsCbs, 'cClassTrib') ?? '' } : null,
    substitui: texto(infDps, 'subst', 'chSubstda'),
  };
}
