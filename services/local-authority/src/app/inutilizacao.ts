import { randomUUID } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { canonicalizarAssinatura } from '@erp/fiscal-schemas';
import { assinaturaDe, conferirAssinatura } from '../domain/assinatura';
import { dataHora, escapar, ret, VER_APLIC } from '../domain/respostas';
import { descendente, texto } from '../domain/xml';
import { numeroId } from '../store/registro';
import { comErro, falhaDeSchema, serializar, type Atendimento, type Resposta } from './mensagem';
import { novoProtocolo } from './protocolo';

/** The largest range voided at once (no SEFAZ limit is published; fiscal-document's own ceiling). */
const MAX_FAIXA = 1_000;

/**
 * NFeInutilizacao4 (`inutNFe` is the message itself, no batch around it): schema (215), environment (252), the Id
 * against its fields (217), the range (224), signature, then each number taken by a unique insert, in order. A number
 * already taken gives back what this request took and decides the answer: an authorized number 241, the same range
 * voided before 563 (with its protocol), another range 256.
 */
export async function inutilizar(msg: Element, a: Atendimento): Promise<Resposta> {
  const inut = msg.localName === 'inutNFe' ? msg : descendente(msg, 'inutNFe');
  const inf = inut ? descendente(inut, 'infInut') : null;
  const [cnpj, cUF, ano, mod, xServ] = ['CNPJ', 'cUF', 'ano', 'mod', 'xServ'].map((n) => texto(inf, n) ?? '');
  const serie = Number(texto(inf, 'serie'));
  const de = Number(texto(inf, 'nNFIni'));
  const ate = Number(texto(inf, 'nNFFin'));
  a.cenarios.contar(cnpj, 'NFeInutilizacao4');
  const passo = a.cenarios.proximo(cnpj, 'inutilizacao');
  const resposta = (cStat: string, xMotivo: string, nProt = '') =>
    ret(
      'retInutNFe',
      `<infInut><tpAmb>${a.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo><cUF>${/^\d{2}$/.test(cUF) ? cUF : '35'}</cUF>` +
        (inf && xServ ? `<ano>${ano}</ano><CNPJ>${cnpj}</CNPJ><mod>${mod}</mod><serie>${serie}</serie><nNFIni>${de}</nNFIni><nNFFin>${ate}</nNFFin>` : '') +
        `<dhRecbto>${dataHora(a.recebidoEm)}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infInut>`,
    );
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo, cnpj };
  const erro = inut ? await falhaDeSchema(inut, 'inutNFe_v4.00.xsd') : 'inutNFe ausente';
  if (erro) return { corpo: resposta('215', comErro('Rejeição: Falha no schema XML', erro)), passo, cnpj };
  if (texto(inf, 'tpAmb') !== a.tpAmb) return { corpo: resposta('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'), passo, cnpj };
  const id = `ID${cUF}${ano}${cnpj}${mod}${String(serie).padStart(3, '0')}${String(de).padStart(9, '0')}${String(ate).padStart(9, '0')}`;
  if (inf!.getAttribute('Id') !== id) return { corpo: resposta('217', 'Rejeição: Id da inutilização difere da concatenação dos campos'), passo, cnpj };
  if (de > ate) return { corpo: resposta('224', 'Rejeição: A faixa inicial é maior que a faixa final'), passo, cnpj };
  // Each number is one insert: a range of millions would hold the authority for hours. fiscal-document asks 1,000 at most.
  if (ate - de + 1 > MAX_FAIXA) return { corpo: resposta('999', `Rejeição: Erro não catalogado [faixa de mais de ${MAX_FAIXA} números]`), passo, cnpj };
  const assinatura = conferirAssinatura(assinaturaDe(inut!), id, await canonicalizarAssinatura(serializar(inut!), id), a.clienteTls, cnpj);
  if (assinatura) return { corpo: resposta(assinatura.cStat, assinatura.xMotivo), passo, cnpj };
  const recusa = a.cenarios.consumir(cnpj, 'recusarInutilizacao');
  if (recusa) return { corpo: resposta(recusa, 'Rejeição: informada pelo cenário de teste'), passo, cnpj };

  const faixaId = `${a.tpAmb}|${cnpj}|${mod}|${serie}|${de}-${ate}`;
  const nProt = novoProtocolo(cUF, a.recebidoEm);
  const pedido = randomUUID();
  for (let n = de; n <= ate; n += 1) {
    const numero = numeroId(a.tpAmb, cnpj, mod, serie, n);
    const dh = dataHora(a.recebidoEm);
    if (await a.registro.tomarNumero({ _id: numero, tipo: 'INUTILIZACAO', cnpj, tpAmb: a.tpAmb, nProt, dhRecbto: dh, em: a.recebidoEm, faixaId, pedido })) continue;
    await a.registro.devolverNumeros(pedido);
    const dono = await a.registro.numero(numero);
    if (dono?.tipo === 'AUTORIZACAO') return { corpo: resposta('241', 'Rejeição: Um número da faixa já foi utilizado'), passo, cnpj };
    if (dono?.faixaId === faixaId) return { corpo: resposta('563', 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização', dono.nProt), passo, cnpj };
    return { corpo: resposta('256', 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ'), passo, cnpj };
  }
  await a.registro.registrarInutilizacao({ _id: faixaId, cnpj, mod, serie, de, ate, nProt, em: a.recebidoEm });
  return { corpo: resposta('102', 'Inutilização de número homologado', nProt), passo, cnpj };
}
