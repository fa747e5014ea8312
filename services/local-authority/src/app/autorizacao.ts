import type { Element } from '@xmldom/xmldom';
import { canonicalizarAssinatura } from '@erp/fiscal-schemas';
import { assinaturaDe, conferirAssinatura } from '../domain/assinatura';
import { lerNfe } from '../domain/nfe-lida';
import { validarRegras, type Rejeicao } from '../domain/regras';
import { dataHora, escapar, protNFe, ret, VER_APLIC, type Protocolo } from '../domain/respostas';
import { descendente, NS_DSIG, texto } from '../domain/xml';
import { numeroId } from '../store/registro';
import { comErro, falhaDeSchema, serializar, type Atendimento, type Resposta } from './mensagem';
import { novoProtocolo, novoRecibo } from './protocolo';

const DENEGACOES: Record<string, string> = {
  '110': 'Uso Denegado',
  '301': 'Uso Denegado: Irregularidade fiscal do emitente',
  '302': 'Uso Denegado: Irregularidade fiscal do destinatário',
  '303': 'Uso Denegado: Destinatário não habilitado a operar na UF',
};

/**
 * NFeAutorizacao4 (`enviNFe` with one NF-e or NFC-e): the schemas (the NF-e alone, 225; the batch, 215), the
 * environment of the endpoint (252), the signature (297, 298, 213), every MOC rule of `domain/regras`, then the
 * registry: the number taken once (a repeat of the same key 204, another key on the number 539, a voided number
 * 206). Synchronous (`indSinc` 1) answers carry the protocol; asynchronous ones a receipt for NFeRetAutorizacao4.
 */
export async function autorizar(msg: Element, a: Atendimento): Promise<Resposta> {
  const nfe = descendente(msg, 'NFe');
  const inf = nfe ? descendente(nfe, 'infNFe') : null;
  const cnpj = texto(inf ? descendente(inf, 'emit') : null, 'CNPJ') ?? '';
  const cUF = texto(inf ? descendente(inf, 'ide') : null, 'cUF') ?? '35';
  a.cenarios.contar(cnpj, 'NFeAutorizacao4');
  const passo = a.cenarios.proximo(cnpj, 'autorizacao');
  const tpAmb = texto(inf ? descendente(inf, 'ide') : null, 'tpAmb') ?? a.tpAmb;
  const lote = (cStat: string, xMotivo: string, corpo = '') =>
    ret('retEnviNFe', `<tpAmb>${a.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo><cUF>${cUF}</cUF><dhRecbto>${dataHora(a.recebidoEm)}</dhRecbto>${corpo}`);
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo, cnpj };

  const erroNfe = nfe ? await falhaDeSchema(nfe, 'nfe_v4.00.xsd') : 'NFe ausente';
  if (erroNfe) return { corpo: lote('225', comErro('Rejeição: Falha no Schema XML do lote de NFe', erroNfe)), passo, cnpj };
  const erroLote = await falhaDeSchema(msg, 'enviNFe_v4.00.xsd');
  if (erroLote) return { corpo: lote('215', comErro('Rejeição: Falha no schema XML', erroLote)), passo, cnpj };
  if (tpAmb !== a.tpAmb) return { corpo: lote('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'), passo, cnpj };

  const lida = lerNfe(inf!);
  const chave = lida.id.slice(3);
  const assinatura = assinaturaDe(nfe!);
  const rejeicao =
    conferirAssinatura(assinatura, lida.id, await canonicalizarAssinatura(serializar(nfe!), lida.id), a.clienteTls, cnpj) ??
    validarRegras(lida, { recebidoEm: a.recebidoEm }) ??
    (await numeroOcupado(a, lida.ide, cnpj, chave));
  const dhRecbto = dataHora(a.recebidoEm);
  const processado = (p: Protocolo) => lote('104', 'Lote processado', protNFe(p, a.tpAmb));
  if (rejeicao) return { corpo: processado({ chave, ...rejeicao, nProt: '', dhRecbto, digVal: '' }), passo, cnpj };

  const cenarioRejeita = a.cenarios.consumir(cnpj, 'rejeitar');
  if (cenarioRejeita) return { corpo: processado({ chave, cStat: cenarioRejeita, xMotivo: 'Rejeição: informada pelo cenário de teste', nProt: '', dhRecbto, digVal: '' }), passo, cnpj };
  const denegar = a.cenarios.consumir(cnpj, 'denegar');
  const protocolo: Protocolo = {
    chave,
    cStat: denegar ?? '100',
    xMotivo: denegar ? DENEGACOES[denegar] : 'Autorizado o uso da NF-e',
    nProt: novoProtocolo(cUF, a.recebidoEm),
    dhRecbto,
    digVal: (assinatura?.getElementsByTagNameNS(NS_DSIG, 'DigestValue').item(0)?.textContent ?? '').trim(),
  };
  const id = numeroId(a.tpAmb, cnpj, lida.ide.mod ?? '', Number(lida.ide.serie), Number(lida.ide.nNF));
  const ganhou = await a.registro.tomarNumero({ _id: id, tipo: 'AUTORIZACAO', cnpj, tpAmb: a.tpAmb, ...protocolo, em: a.recebidoEm });
  // Another request took the number between the check above and this insert: its outcome decides, as a repeat would.
  if (!ganhou) return { corpo: processado({ chave, ...(await numeroOcupado(a, lida.ide, cnpj, chave))!, nProt: '', dhRecbto, digVal: '' }), passo, cnpj };

  const assincrono = passo === 'ASSINCRONO' || passo === 'ASSINCRONO_105' || texto(msg, 'indSinc') === '0';
  if (assincrono) {
    const nRec = novoRecibo(cUF);
    await a.registro.guardarRecibo({ _id: nRec, chave, cnpj, protNFe: protNFe(protocolo, a.tpAmb), consultas: 0 });
    const [cStat, xMotivo] = passo === 'ASSINCRONO_105' ? ['105', 'Lote em processamento'] : ['103', 'Lote recebido com sucesso'];
    return { corpo: lote(cStat, xMotivo, `<infRec><nRec>${nRec}</nRec><tMed>1</tMed></infRec>`), passo: 'NORMAL', cnpj };
  }
  return { corpo: processado(protocolo), passo, cnpj };
}

/** 204, 539 or 206 when the NF-e's number is already taken (by this key, another key, or a voiding); else null. */
async function numeroOcupado(a: Atendimento, ide: Record<string, string>, cnpj: string, chave: string): Promise<Rejeicao | null> {
  const dono = await a.registro.numero(numeroId(a.tpAmb, cnpj, ide.mod ?? '', Number(ide.serie), Number(ide.nNF)));
  if (!dono) return null;
  if (dono.tipo === 'INUTILIZACAO') return { cStat: '206', xMotivo: 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ' };
  if (dono.chave === chave) return { cStat: '204', xMotivo: `Rejeição: Duplicidade de NF-e [nProt:${dono.nProt}][dhAut:${dono.dhRecbto}]` };
  return { cStat: '539', xMotivo: `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${dono.chave}][nRec:000000000000000]` };
}
