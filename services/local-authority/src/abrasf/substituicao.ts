import type { Element } from '@xmldom/xmldom';
import type { Cenarios } from '../app/cenarios';
import { conferirAssinaturaSefin } from '../sefin/assinatura-sefin';
import { filhoNfse, textoNfse } from '../sefin/comum';
import { agoraAbrasf, gerarNfseMunicipal, idRpsAbrasf, mensagens, NS_ABRASF, type Responder, type SaidaAbrasf } from './nfse-abrasf';
import type { RegistroAbrasf } from './registro-abrasf';

const RESPOSTA = 'SubstituirNfseResposta';

/**
 * SubstituirNfse (ABRASF 2.04): the cancellation request of the replaced NFS-e (`Pedido`) and the RPS of the new one,
 * each signed, under `SubstituicaoNfse`, signed too; all three signatures by the TLS client of the provider's CNPJ
 * base. The replaced NFS-e must be the provider's and not cancelled (E78, E79); its cancellation is claimed first (one
 * per NFS-e, unique insert), then the new NFS-e is generated with `NfseSubstituida`, and the replaced one's CompNfse
 * gains `NfseCancelamento` and `NfseSubstituicao`. The answer carries both CompNfse. Codes as in abrasf.ts
 * **[UNCONFIRMED]** beyond E10.
 */
export async function substituirNfse(
  ctx: { registro: RegistroAbrasf; cenarios: Cenarios; tls: { key: string; cert: string } },
  raiz: Element,
  dados: string,
  clienteTls: Buffer,
  responder: Responder,
): Promise<SaidaAbrasf> {
  const subst = filhoNfse(raiz, 'SubstituicaoNfse')!;
  const pedido = filhoNfse(subst, 'Pedido')!;
  const infPedido = filhoNfse(pedido, 'InfPedidoCancelamento')!;
  const rpsEl = filhoNfse(subst, 'Rps')!;
  const inf = filhoNfse(rpsEl, 'InfDeclaracaoPrestacaoServico')!;
  const cnpj = textoNfse(inf, 'Prestador', 'CpfCnpj', 'Cnpj') ?? '';
  ctx.cenarios.contar(cnpj, 'SefinNfse');
  const passo = ctx.cenarios.proximo(cnpj, 'autorizacao');
  if (passo === 'DERRUBA') return { status: 0, corpo: '', derrubar: true };
  const assinados: [Element, Element][] = [[raiz, subst], [pedido, infPedido], [rpsEl, inf]];
  for (const [pai, alvo] of assinados) {
    const erro = await conferirAssinaturaSefin(dados, pai, alvo.getAttribute('Id') ?? '', clienteTls, cnpj);
    if (erro) return responder(mensagens(RESPOSTA, 'E714', `${alvo.localName}: ${erro.descricao}: ${erro.complemento ?? ''}`));
  }
  const cMun = textoNfse(infPedido, 'IdentificacaoNfse', 'CodigoMunicipio') ?? '';
  const numero = textoNfse(infPedido, 'IdentificacaoNfse', 'Numero') ?? '';
  const antiga = await ctx.registro.porNumero(cMun, numero);
  if (!antiga || antiga.cnpj !== cnpj || textoNfse(infPedido, 'IdentificacaoNfse', 'CpfCnpj', 'Cnpj') !== cnpj) return responder(mensagens(RESPOSTA, 'E78', 'NFS-e inexistente para o prestador'));
  if (await ctx.registro.porRps(idRpsAbrasf(cnpj, inf))) return responder(mensagens(RESPOSTA, 'E10', 'RPS já informado'));
  const compacto = dados.replace(/>\s+</g, '><');
  const pedidoXml = /<Pedido[\s>][\s\S]*?<\/Pedido>/.exec(compacto)![0];
  const confirmacao = `<NfseCancelamento versao="2.04"><Confirmacao Id="CONF${cMun}N${numero}">${pedidoXml}<DataHora>${agoraAbrasf()}</DataHora></Confirmacao></NfseCancelamento>`;
  if (!(await ctx.registro.cancelar(`${cMun}|${numero}`, confirmacao))) return responder(mensagens(RESPOSTA, 'E79', 'NFS-e já cancelada'));
  const rpsXml = /<Rps[\s>][\s\S]*<\/Rps>(?=<\/SubstituicaoNfse>)/.exec(compacto)![0];
  const gerada = await gerarNfseMunicipal(ctx.registro, ctx.tls, { cnpj, inf, rpsXml, substituida: numero });
  if (!gerada) return responder(mensagens(RESPOSTA, 'E10', 'RPS já informado'));
  const substituicao = `<NfseSubstituicao versao="2.04"><SubstituicaoNfse Id="SUBST${cMun}N${numero}"><NfseSubstituidora>${gerada.numero}</NfseSubstituidora></SubstituicaoNfse></NfseSubstituicao>`;
  await ctx.registro.completarCancelamento(`${cMun}|${numero}`, confirmacao + substituicao);
  const substituida = antiga.nfse.replace('</CompNfse>', `${confirmacao}${substituicao}</CompNfse>`);
  const saida = responder(
    `<${RESPOSTA} xmlns="${NS_ABRASF}"><RetSubstituicao><NfseSubstituida>${substituida}</NfseSubstituida><NfseSubstituidora>${gerada.comp}</NfseSubstituidora></RetSubstituicao></${RESPOSTA}>`,
  );
  return passo === 'PROCESSA_E_DERRUBA' ? { ...saida, derrubar: true } : saida;
}
