import type { Element } from '@xmldom/xmldom';
import { canonicalizarAssinatura } from '@erp/fiscal-schemas';
import type { Atendimento, Resposta } from '../app/mensagem';
import { comErro, serializar } from '../app/mensagem';
import { novoProtocolo } from '../app/protocolo';
import { assinaturaDe, conferirAssinatura } from '../domain/assinatura';
import type { Rejeicao } from '../domain/regras';
import { dataHora } from '../domain/respostas';
import { filho, NS_DSIG, texto } from '../domain/xml';
import { numeroId } from '../store/registro';
import { falhaDeSchemaCte, filhoCte } from './mensagem';
import { validarRegrasCte } from './regras';
import { protCte, retCte, type ProtocoloCte } from './respostas';

/**
 * CTeRecepcaoSincV4 (CTe, model 57) and CTeRecepcaoOSV4 (CTeOS, model 67, answered with retCTeOS): one CT-e, gzipped (decompressed by the caller, 244 otherwise), answered at once (no batch,
 * no receipt). The official schema of the CT-e (225) and of its modal (rodo, rodoOS: 580), the environment (252), the
 * signature (297, 298, 213), the MOC rules (`regras.ts`), then the registry: the natural key (CNPJ, model, series,
 * number) taken once by a unique insert: the same key again 204, another key on that number 539.
 */
/** What differs between the CT-e (57, CTeRecepcaoSincV4) and the CT-e OS (67, CTeRecepcaoOSV4) at reception. */
const FORMAS = {
  CTE: { raiz: 'CTe', schema: 'cte_v4.00.xsd', modal: 'rodo', schemaModal: 'cteModalRodoviario_v4.00.xsd', retorno: 'retCTe', servico: 'CTeRecepcaoSincV4' },
  CTEOS: { raiz: 'CTeOS', schema: 'cteOS_v4.00.xsd', modal: 'rodoOS', schemaModal: 'cteModalRodoviarioOS_v4.00.xsd', retorno: 'retCTeOS', servico: 'CTeRecepcaoOSV4' },
} as const;

export async function receberCte(cte: Element, a: Atendimento, modelo: keyof typeof FORMAS): Promise<Resposta> {
  const forma = FORMAS[modelo];
  const inf = filho(cte, 'infCte');
  const ide = filho(inf, 'ide');
  const cnpj = texto(filho(inf, 'emit'), 'CNPJ') ?? '';
  const cUF = texto(ide, 'cUF') ?? '35';
  a.cenarios.contar(cnpj, forma.servico);
  const passo = a.cenarios.proximo(cnpj, 'autorizacao');
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo, cnpj };
  const mensagem = (cStat: string, xMotivo: string, prot = '') => retCte(a.tpAmb, cUF, cStat, xMotivo, prot, forma.retorno);

  const erro = cte.localName === forma.raiz ? await falhaDeSchemaCte(cte, forma.schema) : `o documento não é um ${forma.raiz}`;
  if (erro) return { corpo: mensagem('225', comErro('Rejeição: Falha no Schema XML do CT-e', erro)), passo, cnpj };
  const rodo = filhoCte(filho(filho(inf, 'infCTeNorm'), 'infModal'), forma.modal);
  const erroModal = rodo ? await falhaDeSchemaCte(rodo, forma.schemaModal) : texto(ide, 'modal') === '01' ? `${forma.modal} ausente` : null;
  if (erroModal) return { corpo: mensagem('580', comErro('Rejeição: Falha no schema XML específico do modal', erroModal)), passo, cnpj };
  if (texto(ide, 'tpAmb') !== a.tpAmb) return { corpo: mensagem('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'), passo, cnpj };

  const id = inf!.getAttribute('Id') ?? '';
  const chave = id.slice(3);
  const assinatura = assinaturaDe(cte);
  const dhRecbto = dataHora(a.recebidoEm);
  const rejeitar = (r: Rejeicao) => ({ corpo: mensagem(r.cStat, r.xMotivo, protCte({ chave, ...r, nProt: '', dhRecbto, digVal: '' }, a.tpAmb)), passo, cnpj });
  const rejeicao =
    conferirAssinatura(assinatura, id, await canonicalizarAssinatura(serializar(cte), id), a.clienteTls, cnpj) ?? validarRegrasCte(inf!, a.tpAmb, modelo === 'CTEOS' ? '67' : '57') ?? (await numeroOcupado(a, ide!, cnpj, chave));
  if (rejeicao) return rejeitar(rejeicao);
  const cenarioRejeita = a.cenarios.consumir(cnpj, 'rejeitar');
  if (cenarioRejeita) return rejeitar({ cStat: cenarioRejeita, xMotivo: 'Rejeição: informada pelo cenário de teste' });

  const protocolo: ProtocoloCte = {
    chave,
    cStat: '100',
    xMotivo: 'Autorizado o uso do CT-e',
    nProt: novoProtocolo(cUF, a.recebidoEm),
    dhRecbto,
    digVal: (assinatura?.getElementsByTagNameNS(NS_DSIG, 'DigestValue').item(0)?.textContent ?? '').trim(),
  };
  const ganhou = await a.registro.tomarNumero({ _id: idNumero(a, ide!, cnpj), tipo: 'AUTORIZACAO', cnpj, tpAmb: a.tpAmb, ...protocolo, em: a.recebidoEm });
  if (!ganhou) return rejeitar((await numeroOcupado(a, ide!, cnpj, chave))!);
  return { corpo: mensagem('100', 'Autorizado o uso do CT-e', protCte(protocolo, a.tpAmb)), passo, cnpj };
}

const idNumero = (a: Atendimento, ide: Element, cnpj: string) => numeroId(a.tpAmb, cnpj, texto(ide, 'mod') ?? '', Number(texto(ide, 'serie')), Number(texto(ide, 'nCT')));

/** 204 the same CT-e again, 539 another key on the natural key (MOC G157/G158); null when the number is free. */
async function numeroOcupado(a: Atendimento, ide: Element, cnpj: string, chave: string): Promise<Rejeicao | null> {
  const dono = await a.registro.numero(idNumero(a, ide, cnpj));
  if (!dono) return null;
  if (dono.chave === chave) return { cStat: '204', xMotivo: `Rejeição: Duplicidade de CT-e [nProt:${dono.nProt}][dhAut:${dono.dhRecbto}]` };
  return { cStat: '539', xMotivo: `Rejeição: Duplicidade de CT-e, com diferença na Chave de Acesso [chCTe:${dono.chave}]` };
}
