import { validarXml } from '@erp/fiscal-schemas';
import { assinarComoSefin, conferirAssinaturaSefin, type ErroSefin } from './assinatura-sefin';
import { dataHoraSefin, deGzipB64, ERRO_SCHEMA, filhoNfse, gzipB64, json, NS_NFSE, PACOTE, raizDe, recusa, textoNfse, VER_APLIC_SEFIN, type ContextoSefin, type SaidaSefin } from './comum';

/** The events served: cancellation and cancellation by substitution (one of them per NFS-e). */
const EVENTOS = new Set(['101101', '105102']);

/**
 * `POST /nfse/{chave}/eventos` of the Sefin stand-in: `{pedidoRegistroEventoXmlGZipB64}` -> 201 `{eventoXmlGZipB64}`
 * (the `evento` Sefin signs, with the request inside), or 400 with `erros`. Checked: the body, the official schema
 * (`pedRegEvento_v1.01.xsd`, E1235), the environment, the key of the path and of the request, the Id
 * (`PRE` + key + tpEvento), the NFS-e (of the author), the signature (E0714), the city's deadline when a scenario
 * sets one (E0205), for 105102 the substitute (an NFS-e of the provider whose DPS names this one in `subst`), and
 * one cancellation per NFS-e (E0840, the unique insert). Codes besides E1235/E0714 are the stand-in's own.
 */
export async function registrarEvento(chave: string, corpo: unknown, c: ContextoSefin): Promise<SaidaSefin> {
  const xml = deGzipB64((corpo as { pedidoRegistroEventoXmlGZipB64?: unknown } | null)?.pedidoRegistroEventoXmlGZipB64);
  if (xml === null) return recusa([{ codigo: 'E0001', descricao: 'pedidoRegistroEventoXmlGZipB64 ausente ou não é GZip em base64' }]);
  const esquema = await validarXml(PACOTE, 'pedRegEvento_v1.01.xsd', xml);
  if (!esquema.ok) return recusa([ERRO_SCHEMA(esquema.erros.map((e) => e.mensagem).join('; '))]);
  const raiz = raizDe(xml)!;
  const inf = filhoNfse(raiz, 'infPedReg')!;
  const cnpj = textoNfse(inf, 'CNPJAutor') ?? '';
  const tpEvento = ['e101101', 'e105102'].find((nome) => filhoNfse(inf, nome))?.slice(1) ?? '';
  c.cenarios.contar(cnpj, 'SefinEventos');
  const passo = c.cenarios.proximo(cnpj, 'evento');
  if (passo === 'DERRUBA') return { ...json(0, null), derrubar: true };
  if (passo === 'ERRO_500') return json(500, { erro: 'Erro interno' });
  const nfse = await c.registro.porChave(chave);
  const erro = await (async (): Promise<ErroSefin | null> => {
    if (textoNfse(inf, 'tpAmb') !== '2') return { codigo: 'E0002', descricao: 'Ambiente de produção não atendido por este servidor (produção restrita)' };
    if (!EVENTOS.has(tpEvento)) return { codigo: 'E0830', descricao: 'Tipo de evento não atendido por este servidor' };
    if (textoNfse(inf, 'chNFSe') !== chave) return { codigo: 'E0831', descricao: 'A chave do pedido difere da chave do caminho' };
    if (inf.getAttribute('Id') !== `PRE${chave}${tpEvento}`) return { codigo: 'E0832', descricao: 'Id do pedido difere de PRE + chave + tipo do evento' };
    if (!nfse || nfse.cnpj !== cnpj) return { codigo: 'E0833', descricao: 'NFS-e inexistente para o autor do evento' };
    const assinatura = await conferirAssinaturaSefin(xml, raiz, `PRE${chave}${tpEvento}`, c.clienteTls, cnpj);
    if (assinatura) return assinatura;
    const prazo = c.cenarios.cenario(cnpj).prazoCancelamentoMinutos;
    if (prazo !== undefined && c.recebidoEm.getTime() - nfse.em.getTime() > prazo * 60_000) return { codigo: 'E0205', descricao: 'Cancelamento fora do prazo do município' };
    if (tpEvento === '105102') {
      const substituta = await c.registro.porChave(textoNfse(inf, 'e105102', 'chSubstituta') ?? '');
      if (!substituta || substituta.cnpj !== cnpj || substituta.substitui !== chave) return { codigo: 'E0834', descricao: 'NFS-e substituta inexistente ou não substitui esta NFS-e' };
    }
    return null;
  })();
  if (erro) return recusa([erro]);

  const idEvento = `EVT${chave}${tpEvento}001`;
  const pedido = /<pedRegEvento[\s>][\s\S]*<\/pedRegEvento>/.exec(xml)![0];
  const eventoXml = await assinarComoSefin(
    `<evento xmlns="${NS_NFSE}" versao="1.01"><infEvento Id="${idEvento}"><verAplic>${VER_APLIC_SEFIN}</verAplic><ambGer>2</ambGer><nSeqEvento>1</nSeqEvento><dhProc>${dataHoraSefin(c.recebidoEm)}</dhProc><nDFSe>${Date.now() % 1_000_000_000}</nDFSe>${pedido}</infEvento></evento>`,
    'evento',
    idEvento,
    c.tls,
  );
  if (!(await c.registro.registrarEvento({ _id: `${chave}|CANCELAMENTO`, chave, cnpj, tpEvento, eventoXml, em: c.recebidoEm }))) {
    return recusa([{ codigo: 'E0840', descricao: 'Evento de cancelamento já registrado para esta NFS-e' }]);
  }
  const saida = json(201, { tipoAmbiente: 2, versaoAplicativo: VER_APLIC_SEFIN, dataHoraProcessamento: c.recebidoEm.toISOString(), eventoXmlGZipB64: gzipB64(eventoXml) });
  return passo === 'PROCESSA_E_DERRUBA' ? { ...saida, derrubar: true } : saida;
}

/** `GET /nfse/{chave}/eventos/{tipo}/{seq}`: the registered event (sequence 1), of the caller's NFS-e. */
export async function consultarEvento(chave: string, tipo: string, seq: string, c: ContextoSefin, cnpjCliente: string | null): Promise<SaidaSefin> {
  const evento = await c.registro.cancelamento(chave);
  if (!evento || evento.tpEvento !== tipo || Number(seq) !== 1) return json(404, { erro: 'Evento não encontrado' });
  if (cnpjCliente?.slice(0, 8) !== evento.cnpj.slice(0, 8)) return json(403, { erro: 'Consulta não permitida para este certificado' });
  return json(200, { eventoXmlGZipB64: gzipB64(evento.eventoXml) });
}
