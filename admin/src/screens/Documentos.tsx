import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ErroApi, mensagemDeErro, salvarArquivo, type CampoComErro } from '../api';
import { Campo, Mensagem } from '../components/Campo';
import { Confirmacao, type PedidoConfirmacao } from '../components/Confirmacao';
import { focar, Titulo } from '../components/Titulo';
import { useApp } from '../context';
import { chaveAgrupada, dataHora, duracao, moeda, percentual } from '../format';

type Modelo = 'NFE' | 'NFCE' | 'CTE' | 'NFSE';
type Situacao = 'AUTORIZADO' | 'CANCELADO' | 'REJEITADO' | 'DENEGADO' | 'PENDENTE';
interface LinhaImposto {
  tributo: string;
  base: number;
  aliquota: number;
  valor: number;
  informativo: boolean;
}
interface Documento {
  id: string;
  referencia: string;
  modelo: Modelo;
  serie: number;
  numero: number;
  chaveAcesso: string;
  situacao: Situacao;
  ambiente: string;
  emitidoEm: string;
  autorizadoEm: string | null;
  protocolo: string | null;
  cStat: string | null;
  motivo: string | null;
  emitenteCnpj: string;
  destinatarioDocumento: string | null;
  valorTotal: number;
  impostos: LinhaImposto[];
  simplesRemessa: boolean;
  prazoCancelamento: string | null;
  canceladoEm: string | null;
  justificativaCancelamento: string | null;
  protocoloCancelamento: string | null;
  entregueEm: string | null;
  servicoIniciadoEm: string | null;
  competencia: string | null;
}

const CAMPOS_DOC = `id referencia modelo serie numero chaveAcesso situacao ambiente emitidoEm autorizadoEm protocolo cStat motivo
  emitenteCnpj destinatarioDocumento valorTotal impostos { tributo base aliquota valor informativo } simplesRemessa
  prazoCancelamento canceladoEm justificativaCancelamento protocoloCancelamento entregueEm servicoIniciadoEm competencia`;
const LISTAR = `query($modelo: ModeloDocumento, $situacao: SituacaoDocumento, $primeiros: Int, $depois: String) {
  documentosFiscais(modelo: $modelo, situacao: $situacao, primeiros: $primeiros, depois: $depois) { itens { ${CAMPOS_DOC} } proximo }
}`;
const DOCUMENTO = `query($id: ID!) { documentoFiscal(id: $id) { ${CAMPOS_DOC} } }`;
const EMITIR = `mutation($input: EmitirDocumentoFiscalInput!) { emitirDocumentoFiscal(input: $input) { ${CAMPOS_DOC} } }`;
const CANCELAR = `mutation($id: ID!, $justificativa: String!) { cancelarDocumentoFiscal(id: $id, justificativa: $justificativa) { ${CAMPOS_DOC} } }`;
const ENTREGA = `mutation($id: ID!) { registrarEntrega(id: $id) { ${CAMPOS_DOC} } }`;
const INICIO = `mutation($id: ID!) { registrarInicioServico(id: $id) { ${CAMPOS_DOC} } }`;

const MODELOS: Record<Modelo, string> = { NFE: 'NF-e (55)', NFCE: 'NFC-e (65)', CTE: 'CT-e (57)', NFSE: 'NFS-e' };
const SITUACOES: Record<Situacao, string> = {
  AUTORIZADO: 'Autorizado',
  CANCELADO: 'Cancelado',
  REJEITADO: 'Rejeitado',
  DENEGADO: 'Denegado',
  PENDENTE: 'Pendente (aguardando a SEFAZ)',
};
const POR_PAGINA = 20;
const ID_ATUALIZAR = 'docs-atualizar';
export const DOCUMENTOS_REST = '/api/erp/faturamento/documentos';

export function Documentos(props: { titulo: string }) {
  const { api } = useApp();
  const [modelo, setModelo] = useState<'' | Modelo>('');
  const [situacao, setSituacao] = useState<'' | Situacao>('');
  const [docs, setDocs] = useState<Documento[] | null>(null);
  const [proximo, setProximo] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [aberto, setAberto] = useState<Documento | null>(null);
  const [emitindo, setEmitindo] = useState(false);

  const carregar = useCallback(
    async (depois: string | null) => {
      try {
        const dados = await api.graphql<{ documentosFiscais: { itens: Documento[]; proximo: string | null } }>(LISTAR, {
          modelo: modelo || null,
          situacao: situacao || null,
          primeiros: POR_PAGINA,
          depois,
        });
        setDocs((atuais) => (depois ? [...(atuais ?? []), ...dados.documentosFiscais.itens] : dados.documentosFiscais.itens));
        setProximo(dados.documentosFiscais.proximo);
        setErro(null);
      } catch (e) {
        setErro(mensagemDeErro(e));
      }
    },
    [api, modelo, situacao],
  );

  useEffect(() => {
    void carregar(null);
  }, [carregar]);

  /** "Atualizar": the list and the open document (its status, cancellation or marks may have changed elsewhere). */
  async function atualizarTela() {
    const id = aberto?.id;
    await carregar(null);
    if (!id) return;
    try {
      const dados = await api.graphql<{ documentoFiscal: Documento | null }>(DOCUMENTO, { id });
      if (dados.documentoFiscal) setAberto((atual) => (atual?.id === id ? dados.documentoFiscal : atual));
    } catch (e) {
      setErro(mensagemDeErro(e));
    }
  }

  const atualizar = (doc: Documento) => {
    setAberto(doc);
    setDocs((lista) => {
      const atual = lista ?? [];
      return atual.some((d) => d.id === doc.id) ? atual.map((d) => (d.id === doc.id ? doc : d)) : [doc, ...atual];
    });
  };

  return (
    <section>
      <Titulo>{props.titulo}</Titulo>
      <div className="linha espalhada">
        <div className="filtros">
          <Campo id="docs-modelo" rotulo="Modelo" largura="curta">
            {(a) => (
              <select {...a} required={false} value={modelo} onChange={(e) => setModelo(e.target.value as Modelo | '')}>
                <option value="">Todos</option>
                {Object.entries(MODELOS).map(([v, r]) => (
                  <option key={v} value={v}>
                    {r}
                  </option>
                ))}
              </select>
            )}
          </Campo>
          <Campo id="docs-situacao" rotulo="Situação" largura="curta">
            {(a) => (
              <select {...a} required={false} value={situacao} onChange={(e) => setSituacao(e.target.value as Situacao | '')}>
                <option value="">Todas</option>
                {Object.entries(SITUACOES).map(([v, r]) => (
                  <option key={v} value={v}>
                    {r}
                  </option>
                ))}
              </select>
            )}
          </Campo>
          <button type="button" id={ID_ATUALIZAR} onClick={() => void atualizarTela()}>
            Atualizar
          </button>
        </div>
        <button type="button" className="primario" aria-expanded={emitindo} aria-controls="emitir-form" onClick={() => setEmitindo((v) => !v)}>
          {emitindo ? 'Fechar emissão' : 'Emitir documento'}
        </button>
      </div>
      {emitindo ? (
        <EmitirDocumento
          aoEmitir={(doc) => {
            setEmitindo(false);
            atualizar(doc);
          }}
        />
      ) : null}
      {erro ? <Mensagem tipo="erro">{erro}</Mensagem> : null}
      {docs === null && !erro ? <p>Carregando…</p> : null}
      {docs && docs.length === 0 ? <p>Nenhum documento com estes filtros.</p> : null}
      {docs && docs.length > 0 ? (
        <div className="tabela-rolavel">
          <table>
            <caption className="so-leitor">Documentos fiscais</caption>
            <thead>
              <tr>
                <th scope="col">Emitido em</th>
                <th scope="col">Modelo</th>
                <th scope="col">Série / número</th>
                <th scope="col">Referência</th>
                <th scope="col">Destinatário</th>
                <th scope="col" className="num">Valor</th>
                <th scope="col">Situação</th>
                <th scope="col">Detalhe</th>
              </tr>
            </thead>
            <tbody>
              {docs.map((d) => (
                <tr key={d.id} data-documento-id={d.id} className={aberto?.id === d.id ? 'selecionada' : undefined}>
                  <td>{dataHora(d.emitidoEm)}</td>
                  <td>{MODELOS[d.modelo]}</td>
                  <td>
                    {d.serie} / {d.numero}
                  </td>
                  <td>{d.referencia}</td>
                  <td>{d.destinatarioDocumento ?? '—'}</td>
                  <td className="num">{moeda(d.valorTotal)}</td>
                  <td>
                    <span className={`selo selo-${d.situacao.toLowerCase()}`}>{SITUACOES[d.situacao]}</span>
                  </td>
                  <td>
                    <button type="button" onClick={() => setAberto(d)} aria-label={`Abrir ${MODELOS[d.modelo]} número ${d.numero}`}>
                      Abrir
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {proximo ? (
        <button type="button" onClick={() => void carregar(proximo)}>
          Carregar mais documentos
        </button>
      ) : null}
      {aberto ? (
        <DetalheDocumento
          key={aberto.id}
          documento={aberto}
          aoMudar={atualizar}
          aoFechar={() => {
            // Before the detail unmounts with the focus in it: back to the document's own "Abrir" (the detail may have
            // been opened by an issue, whose form is gone), or "Atualizar" when a filter hides the document.
            (document.querySelector<HTMLElement>(`tr[data-documento-id="${CSS.escape(aberto.id)}"] button`) ?? document.getElementById(ID_ATUALIZAR))?.focus();
            setAberto(null);
          }}
        />
      ) : null}
    </section>
  );
}

/** Counts down to `prazoCancelamento` once a second (shown, not announced: a live countdown would talk non-stop). */
function useAgora(ativo: boolean): number {
  const [agora, setAgora] = useState(Date.now());
  useEffect(() => {
    if (!ativo) return;
    const t = setInterval(() => setAgora(Date.now()), 1000);
    return () => clearInterval(t);
  }, [ativo]);
  return agora;
}

/** The XML of a document, asked for when its detail opens: it may not exist (the API says why). */
type EstadoXml = { tipo: 'verificando' } | { tipo: 'disponivel' } | { tipo: 'inexistente'; motivo: string } | { tipo: 'erro'; motivo: string };

/** What the fiscal-document service serves (document-files.ts): a DANFE / DANFCE only for an NF-e or NFC-e SEFAZ authorized. */
function temDanfe(d: Documento): boolean {
  return (d.modelo === 'NFE' || d.modelo === 'NFCE') && (d.situacao === 'AUTORIZADO' || d.situacao === 'CANCELADO');
}

/** 404 and 422 mean the file does not exist for this document; the API's own `erro` says why. */
function motivoDaRecusa(r: { status: number; erro: string }): { inexistente: boolean; texto: string } {
  const inexistente = r.status === 404 || r.status === 422;
  return { inexistente, texto: r.erro || `o servidor respondeu ${r.status}` };
}

function DetalheDocumento(props: { documento: Documento; aoMudar: (d: Documento) => void; aoFechar: () => void }) {
  const { api, sessao } = useApp();
  const d = props.documento;
  const [justificativa, setJustificativa] = useState('');
  const [erroCancelar, setErroCancelar] = useState<string | null>(null);
  const [resultado, setResultado] = useState<{ tipo: 'ok' | 'erro'; texto: string } | null>(null);
  const [pedido, setPedido] = useState<PedidoConfirmacao | null>(null);
  const [xml, setXml] = useState<EstadoXml>({ tipo: 'verificando' });
  const titulo = useRef<HTMLHeadingElement>(null);
  const resultadoRef = useRef<HTMLDivElement | null>(null);
  const prazo = d.situacao === 'AUTORIZADO' && d.prazoCancelamento ? Date.parse(d.prazoCancelamento) : null;
  const agora = useAgora(prazo !== null);
  const restante = prazo === null ? 0 : prazo - agora;

  useEffect(() => focar(() => titulo.current), []);

  // Whether the XML exists is only known by asking (a document authorized by the local authorizer has none); the
  // DANFE is not asked for ahead: the service makes the PDF on each request, and temDanfe already says when it exists.
  useEffect(() => {
    let vivo = true;
    setXml({ tipo: 'verificando' });
    api
      .arquivo(caminhoArquivo(d.id, 'xml'))
      .then((r) => {
        if (!vivo) return;
        if (r.blob) return setXml({ tipo: 'disponivel' });
        const { inexistente, texto } = motivoDaRecusa(r);
        setXml(inexistente ? { tipo: 'inexistente', motivo: texto } : { tipo: 'erro', motivo: texto });
      })
      .catch((e: unknown) => vivo && setXml({ tipo: 'erro', motivo: mensagemDeErro(e) }));
    return () => {
      vivo = false;
    };
  }, [api, d.id, d.situacao]);

  async function baixar(tipo: 'danfe' | 'xml') {
    const nome = `${d.modelo.toLowerCase()}-${d.chaveAcesso}${tipo === 'danfe' ? '.pdf' : '.xml'}`;
    const rotulo = tipo === 'danfe' ? nomeDanfe(d) : 'XML';
    try {
      const r = await api.arquivo(caminhoArquivo(d.id, tipo));
      if (r.blob) {
        salvarArquivo(r.blob, nome);
        setResultado({ tipo: 'ok', texto: `${rotulo} baixado (${nome}).` });
      } else {
        const { inexistente, texto } = motivoDaRecusa(r);
        if (inexistente && tipo === 'xml') setXml({ tipo: 'inexistente', motivo: texto });
        setResultado({ tipo: 'erro', texto: inexistente ? `${rotulo} não existe para este documento: ${texto}.` : `Não foi possível baixar o ${rotulo}: ${texto}.` });
      }
    } catch (e) {
      setResultado({ tipo: 'erro', texto: mensagemDeErro(e) });
    }
    focar(() => resultadoRef.current);
  }

  async function executar(query: string, sucesso: string) {
    try {
      const dados = await api.graphql<Record<string, Documento>>(query, { id: d.id, justificativa });
      props.aoMudar(Object.values(dados)[0]);
      setResultado({ tipo: 'ok', texto: sucesso });
      setJustificativa('');
    } catch (e) {
      setResultado({ tipo: 'erro', texto: mensagemDeErro(e) });
    }
    focar(() => resultadoRef.current);
  }

  function pedirCancelamento(evento: FormEvent) {
    evento.preventDefault();
    const tamanho = justificativa.trim().length;
    if (tamanho < 15 || tamanho > 255) {
      setErroCancelar(`A justificativa deve ter de 15 a 255 caracteres (tem ${tamanho}).`);
      focar(document.getElementById('doc-justificativa'));
      return;
    }
    setErroCancelar(null);
    setPedido({
      titulo: `Cancelar ${MODELOS[d.modelo]} nº ${d.numero}?`,
      mensagem: (
        <p>
          O cancelamento é <strong>definitivo</strong>: o documento perde a validade fiscal, o valor não pode ser cobrado e a
          contabilidade integrada recebe o evento ERP_NFE_CANCELADA para estornar o lançamento.
        </p>
      ),
      acao: 'Cancelar documento',
      perigo: true,
      aoConfirmar: () => executar(CANCELAR, `Documento nº ${d.numero} cancelado.`),
    });
  }

  function pedirMarca(tipo: 'entrega' | 'inicio') {
    const entrega = tipo === 'entrega';
    setPedido({
      titulo: entrega ? 'Registrar a entrega das mercadorias?' : 'Registrar o início do serviço de transporte?',
      mensagem: (
        <p>
          Depois disto o documento <strong>não pode mais ser cancelado</strong>
          {entrega ? ': para desfazer a venda, emite-se uma NF-e de devolução.' : '.'} O registro não pode ser desfeito.
        </p>
      ),
      acao: entrega ? 'Registrar entrega' : 'Registrar início do serviço',
      perigo: true,
      aoConfirmar: () => executar(entrega ? ENTREGA : INICIO, entrega ? 'Entrega registrada.' : 'Início do serviço registrado.'),
    });
  }

  const podeCancelar = d.situacao === 'AUTORIZADO' && prazo !== null && restante > 0;
  const link = (tipo: 'danfe' | 'xml', rotulo: string) => (
    <a
      href={caminhoArquivo(d.id, tipo)}
      onClick={(e) => {
        e.preventDefault();
        void baixar(tipo);
      }}
    >
      {rotulo}
    </a>
  );

  return (
    <section className="cartao detalhe" aria-labelledby="doc-titulo">
      <div className="linha espalhada">
        <h2 id="doc-titulo" tabIndex={-1} ref={titulo}>
          {MODELOS[d.modelo]} nº {d.numero}, série {d.serie} — {SITUACOES[d.situacao]}
        </h2>
        <button type="button" onClick={props.aoFechar}>
          Fechar
        </button>
      </div>
      {resultado ? (
        <Mensagem tipo={resultado.tipo} foco={(el) => (resultadoRef.current = el)}>
          {resultado.texto}
        </Mensagem>
      ) : null}
      <dl className="pares">
        <dt>Chave de acesso</dt>
        <dd>
          <code className="chave">{chaveAgrupada(d.chaveAcesso)}</code>
        </dd>
        <dt>Número / série</dt>
        <dd>
          {d.numero} / {d.serie}
        </dd>
        <dt>Referência</dt>
        <dd>{d.referencia}</dd>
        <dt>Ambiente</dt>
        <dd>{d.ambiente}</dd>
        <dt>Emitente</dt>
        <dd>{d.emitenteCnpj}</dd>
        <dt>Destinatário</dt>
        <dd>{d.destinatarioDocumento ?? '—'}</dd>
        <dt>Valor total</dt>
        <dd>{moeda(d.valorTotal)}</dd>
        <dt>Emitido em</dt>
        <dd>{dataHora(d.emitidoEm)}</dd>
        <dt>Autorizado em</dt>
        <dd>{dataHora(d.autorizadoEm)}</dd>
        <dt>Protocolo</dt>
        <dd>{d.protocolo ?? '—'}</dd>
        <dt>Resposta da SEFAZ</dt>
        <dd>{d.cStat ? `${d.cStat} — ${d.motivo ?? ''}` : '—'}</dd>
        {d.competencia ? (
          <>
            <dt>Competência</dt>
            <dd>{d.competencia}</dd>
          </>
        ) : null}
        {d.simplesRemessa ? (
          <>
            <dt>Operação</dt>
            <dd>Simples Remessa (sem receita, sem débito de imposto sobre o valor)</dd>
          </>
        ) : null}
        {d.entregueEm ? (
          <>
            <dt>Entregue em</dt>
            <dd>{dataHora(d.entregueEm)}</dd>
          </>
        ) : null}
        {d.servicoIniciadoEm ? (
          <>
            <dt>Serviço iniciado em</dt>
            <dd>{dataHora(d.servicoIniciadoEm)}</dd>
          </>
        ) : null}
        {d.canceladoEm ? (
          <>
            <dt>Cancelado em</dt>
            <dd>{dataHora(d.canceladoEm)}</dd>
            <dt>Protocolo do cancelamento</dt>
            <dd>{d.protocoloCancelamento ?? '—'}</dd>
            <dt>Justificativa</dt>
            <dd>{d.justificativaCancelamento}</dd>
          </>
        ) : null}
      </dl>

      <h3>Impostos</h3>
      {d.impostos.length ? (
        <div className="tabela-rolavel">
          <table>
            <thead>
              <tr>
                <th scope="col">Tributo</th>
                <th scope="col" className="num">Base</th>
                <th scope="col" className="num">Alíquota</th>
                <th scope="col" className="num">Valor</th>
                <th scope="col">Observação</th>
              </tr>
            </thead>
            <tbody>
              {d.impostos.map((i) => (
                <tr key={i.tributo}>
                  <th scope="row">{i.tributo}</th>
                  <td className="num">{moeda(i.base)}</td>
                  <td className="num">{percentual(i.aliquota)}</td>
                  <td className="num">{moeda(i.valor)}</td>
                  <td>{i.informativo ? 'informativo (não pago à parte)' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Nenhum imposto destacado.</p>
      )}

      <h3>Arquivos</h3>
      <ul className="arquivos">
        {temDanfe(d) ? <li>{link('danfe', `${nomeDanfe(d)} (PDF)`)}</li> : <li className="discreto">{nomeDanfe(d)}: {semDanfe(d)}</li>}
        <li id="doc-xml">
          {xml.tipo === 'disponivel' ? link('xml', 'XML do documento') : null}
          {xml.tipo === 'verificando' ? <span className="discreto">XML: verificando…</span> : null}
          {xml.tipo === 'inexistente' ? <span className="discreto">XML: não existe para este documento ({xml.motivo}).</span> : null}
          {xml.tipo === 'erro' ? <span className="discreto">XML: não foi possível verificar ({xml.motivo}).</span> : null}
        </li>
      </ul>

      {d.situacao === 'AUTORIZADO' ? (
        <>
          <h3>Cancelamento</h3>
          {prazo !== null ? (
            <p className={`prazo${restante < 30 * 60_000 ? ' prazo-curto' : ''}`}>
              Pode ser cancelado até <strong>{dataHora(d.prazoCancelamento)}</strong>. Faltam{' '}
              <span className="contagem" aria-label={`faltam ${duracao(restante)}`}>
                {duracao(restante)}
              </span>
              .
            </p>
          ) : (
            <p>Este documento não pode mais ser cancelado{d.entregueEm ? ' (mercadoria entregue: emita uma NF-e de devolução)' : d.servicoIniciadoEm ? ' (serviço iniciado)' : ' (prazo encerrado)'}.</p>
          )}
          {podeCancelar && sessao.papel === 'admin' ? (
            <form onSubmit={pedirCancelamento} className="cancelar" aria-label="Cancelar documento">
              <Campo id="doc-justificativa" rotulo="Justificativa" obrigatorio erro={erroCancelar} ajuda={`De 15 a 255 caracteres (${justificativa.trim().length} digitados).`} largura="longa">
                {(a) => <textarea {...a} rows={2} maxLength={255} value={justificativa} onChange={(e) => setJustificativa(e.target.value)} />}
              </Campo>
              <button type="submit" className="perigo">
                Cancelar documento…
              </button>
            </form>
          ) : null}
          {podeCancelar && sessao.papel !== 'admin' ? <p className="discreto">Só administradores cancelam documentos.</p> : null}
          <div className="botoes">
            {d.modelo === 'NFE' && !d.entregueEm ? (
              <button type="button" onClick={() => pedirMarca('entrega')}>
                Registrar entrega…
              </button>
            ) : null}
            {d.modelo === 'CTE' && !d.servicoIniciadoEm ? (
              <button type="button" onClick={() => pedirMarca('inicio')}>
                Registrar início do serviço…
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      <Confirmacao pedido={pedido} aoFechar={() => setPedido(null)} />
    </section>
  );
}

/** The printed form's name: DANFE (NF-e), DANFCE (NFC-e), DACTE (CT-e), DANFSE (NFS-e). */
function nomeDanfe(d: Documento): string {
  return { NFE: 'DANFE', NFCE: 'DANFCE', CTE: 'DACTE', NFSE: 'DANFSE' }[d.modelo];
}

/** Why there is no printed form to download, said before anyone clicks. */
function semDanfe(d: Documento): string {
  if (d.modelo === 'CTE' || d.modelo === 'NFSE') return 'não é gerado (o serviço fiscal gera só o DANFE da NF-e e o DANFCE da NFC-e).';
  return `só um documento autorizado tem ${nomeDanfe(d)} (este está ${SITUACOES[d.situacao].toLowerCase()}).`;
}

function caminhoArquivo(id: string, tipo: 'danfe' | 'xml'): string {
  return `${DOCUMENTOS_REST}/${encodeURIComponent(id)}/${tipo === 'danfe' ? 'danfe.pdf' : 'xml'}`;
}

interface ItemForm {
  codigo: string;
  descricao: string;
  quantidade: string;
  valorUnitario: string;
  unidade: string;
  ncm: string;
  cfop: string;
  cst: string;
  csosn: string;
  codigoServico: string;
  aliquotaIss: string;
}
const itemVazio = (): ItemForm => ({ codigo: '', descricao: '', quantidade: '1', valorUnitario: '', unidade: '', ncm: '', cfop: '', cst: '', csosn: '', codigoServico: '', aliquotaIss: '' });

type CampoEndereco = 'logradouro' | 'numero' | 'complemento' | 'bairro' | 'municipio' | 'cep' | 'telefone';
/** The recipient's address fields (NF-e enderDest), as the API names them. */
const ENDERECO_DESTINATARIO: [CampoEndereco, string, 'curta' | 'media' | 'longa'][] = [
  ['logradouro', 'Logradouro', 'longa'],
  ['numero', 'Número', 'curta'],
  ['complemento', 'Complemento', 'media'],
  ['bairro', 'Bairro', 'media'],
  ['municipio', 'Município (nome)', 'media'],
  ['cep', 'CEP', 'curta'],
  ['telefone', 'Telefone', 'curta'],
];

function EmitirDocumento(props: { aoEmitir: (doc: Documento) => void }) {
  const { api, anunciar } = useApp();
  const [modelo, setModelo] = useState<Modelo>('NFE');
  const [referencia, setReferencia] = useState(() => `ADM-${Date.now().toString(36).toUpperCase()}`);
  const [serie, setSerie] = useState('');
  const [dest, setDest] = useState({ documento: '', nome: '', uf: '', codigoMunicipio: '', inscricaoEstadual: '' });
  const [ender, setEnder] = useState<Record<CampoEndereco, string>>({ logradouro: '', numero: '', complemento: '', bairro: '', municipio: '', cep: '', telefone: '' });
  const [itens, setItens] = useState<ItemForm[]>([itemVazio()]);
  const [competencia, setCompetencia] = useState('');
  const [chaveCte, setChaveCte] = useState('');
  const [chavesNfe, setChavesNfe] = useState('');
  const [erros, setErros] = useState<CampoComErro[]>([]);
  const [geral, setGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const titulo = useRef<HTMLHeadingElement>(null);
  const resumo = useRef<HTMLDivElement | null>(null);

  useEffect(() => focar(() => titulo.current), []);

  const erroDe = (campo: string) => {
    const achados = erros.filter((e) => e.campo === campo);
    return achados.length ? achados.map((e) => e.erro).join('; ') : null;
  };
  const mercadoria = modelo === 'NFE' || modelo === 'NFCE';

  async function emitir(evento: FormEvent) {
    evento.preventDefault();
    const locais: CampoComErro[] = [];
    const numero = (texto: string, campo: string, obrigatorio: boolean): number | null => {
      const limpo = texto.trim().replace(',', '.');
      if (limpo === '') {
        if (obrigatorio) locais.push({ campo, regra: 'obrigatorio', erro: `${campo} é obrigatório` });
        return null;
      }
      const n = Number(limpo);
      if (!Number.isFinite(n)) locais.push({ campo, regra: 'tipo', erro: `${campo} deve ser um número` });
      return Number.isFinite(n) ? n : null;
    };
    const opcional = (texto: string) => (texto.trim() === '' ? null : texto.trim());
    const opcionais = (grupo: Record<string, string>) => Object.fromEntries(Object.entries(grupo).map(([k, v]) => [k, opcional(v)]));
    const input: Record<string, unknown> = {
      referencia,
      modelo,
      serie: numero(serie, 'serie', false),
      destinatario:
        dest.documento.trim() === ''
          ? null
          : {
              ...opcionais(dest),
              // Sent only when a field of it is filled in: the API then checks it as a whole.
              endereco: mercadoria && Object.values(ender).some((v) => v.trim() !== '') ? opcionais(ender) : null,
            },
      itens: itens.map((item, i) => ({
        codigo: item.codigo,
        descricao: item.descricao,
        quantidade: numero(item.quantidade, `itens[${i}].quantidade`, true) ?? 0,
        valorUnitario: numero(item.valorUnitario, `itens[${i}].valorUnitario`, true) ?? 0,
        unidade: opcional(item.unidade),
        ncm: mercadoria ? opcional(item.ncm) : null,
        cfop: modelo !== 'NFSE' ? opcional(item.cfop) : null,
        cst: modelo !== 'NFSE' ? opcional(item.cst) : null,
        csosn: modelo !== 'NFSE' ? opcional(item.csosn) : null,
        codigoServico: modelo === 'NFSE' ? opcional(item.codigoServico) : null,
        aliquotaIss: modelo === 'NFSE' ? numero(item.aliquotaIss, `itens[${i}].aliquotaIss`, false) : null,
      })),
      competencia: modelo === 'NFSE' ? opcional(competencia) : null,
      chaveCteReferenciada: modelo === 'NFE' ? opcional(chaveCte) : null,
      chavesNfeTransportadas: modelo === 'CTE' ? chavesNfe.split(/\s+/).filter(Boolean) : null,
    };
    setGeral(null);
    if (locais.length) {
      setErros(locais);
      focar(() => resumo.current);
      return;
    }
    setEnviando(true);
    try {
      const dados = await api.graphql<{ emitirDocumentoFiscal: Documento }>(EMITIR, { input });
      const doc = dados.emitirDocumentoFiscal;
      setErros([]);
      anunciar(doc.situacao === 'AUTORIZADO' ? `Documento nº ${doc.numero} autorizado.` : `Documento nº ${doc.numero}: ${SITUACOES[doc.situacao]}.`);
      props.aoEmitir(doc);
    } catch (e) {
      if (e instanceof ErroApi && e.campos.length) setErros(e.campos);
      else setGeral(mensagemDeErro(e));
      focar(() => resumo.current);
    } finally {
      setEnviando(false);
    }
  }

  const mudarItem = (i: number, campo: keyof ItemForm, valor: string) => setItens((lista) => lista.map((item, j) => (j === i ? { ...item, [campo]: valor } : item)));
  const campoItem = (i: number, campo: keyof ItemForm, rotulo: string, largura: 'curta' | 'media' = 'curta') => (
    <Campo id={`itens[${i}].${campo}`} rotulo={rotulo} erro={erroDe(`itens[${i}].${campo}`)} largura={largura}>
      {(a) => <input {...a} required={false} value={itens[i][campo]} onChange={(e) => mudarItem(i, campo, e.target.value)} />}
    </Campo>
  );

  return (
    <section id="emitir-form" className="cartao" aria-labelledby="emitir-titulo">
      <h2 id="emitir-titulo" tabIndex={-1} ref={titulo}>
        Emitir documento fiscal
      </h2>
      <div tabIndex={-1} ref={resumo}>
        {erros.length ? (
          <Mensagem tipo="erro">
            <p>O documento não foi emitido. Corrija:</p>
            <ul>
              {erros.map((e, i) => (
                <li key={i}>
                  <a
                    href={`#${e.campo}`}
                    onClick={(ev) => {
                      ev.preventDefault();
                      document.getElementById(e.campo)?.focus();
                    }}
                  >
                    {e.campo || 'documento'}: {e.erro}
                  </a>
                </li>
              ))}
            </ul>
          </Mensagem>
        ) : null}
        {geral ? <Mensagem tipo="erro">{geral}</Mensagem> : null}
      </div>
      <form onSubmit={(e) => void emitir(e)} noValidate aria-label="Emitir documento fiscal">
        <div className="grade">
          <Campo id="modelo" rotulo="Modelo" erro={erroDe('modelo')} largura="curta">
            {(a) => (
              <select {...a} value={modelo} onChange={(e) => setModelo(e.target.value as Modelo)}>
                {Object.entries(MODELOS).map(([v, r]) => (
                  <option key={v} value={v}>
                    {r}
                  </option>
                ))}
              </select>
            )}
          </Campo>
          <Campo id="serie" rotulo="Série (opcional)" erro={erroDe('serie')} ajuda="Vazia: a série padrão." largura="curta">
            {(a) => <input {...a} required={false} inputMode="numeric" value={serie} onChange={(e) => setSerie(e.target.value)} />}
          </Campo>
          <Campo id="referencia" rotulo="Referência" obrigatorio erro={erroDe('referencia')} ajuda="Sua chave (pedido): a mesma referência nunca gera um segundo documento." largura="media">
            {(a) => <input {...a} value={referencia} maxLength={60} onChange={(e) => setReferencia(e.target.value)} />}
          </Campo>
          {modelo === 'NFSE' ? (
            <Campo id="competencia" rotulo="Competência (MM/AAAA)" erro={erroDe('competencia')} largura="curta">
              {(a) => <input {...a} required={false} value={competencia} placeholder="11/2026" onChange={(e) => setCompetencia(e.target.value)} />}
            </Campo>
          ) : null}
        </div>
        <fieldset className="grupo">
          <legend>Destinatário{modelo === 'NFCE' ? ' (opcional na NFC-e: CPF do consumidor)' : ''}</legend>
          <div className="grade">
            <Campo id="destinatario.documento" rotulo="CNPJ ou CPF" erro={erroDe('destinatario.documento') ?? erroDe('destinatario')} largura="media">
              {(a) => <input {...a} required={modelo !== 'NFCE'} value={dest.documento} onChange={(e) => setDest({ ...dest, documento: e.target.value })} />}
            </Campo>
            <Campo id="destinatario.nome" rotulo="Nome" erro={erroDe('destinatario.nome')} largura="longa">
              {(a) => <input {...a} required={false} value={dest.nome} onChange={(e) => setDest({ ...dest, nome: e.target.value })} />}
            </Campo>
            <Campo id="destinatario.uf" rotulo="UF" erro={erroDe('destinatario.uf')} largura="curta">
              {(a) => <input {...a} required={false} maxLength={2} value={dest.uf} onChange={(e) => setDest({ ...dest, uf: e.target.value.toUpperCase() })} />}
            </Campo>
            <Campo id="destinatario.codigoMunicipio" rotulo="Município (IBGE)" erro={erroDe('destinatario.codigoMunicipio')} largura="curta">
              {(a) => <input {...a} required={false} inputMode="numeric" value={dest.codigoMunicipio} onChange={(e) => setDest({ ...dest, codigoMunicipio: e.target.value })} />}
            </Campo>
            <Campo id="destinatario.inscricaoEstadual" rotulo="Inscrição estadual" erro={erroDe('destinatario.inscricaoEstadual')} largura="curta">
              {(a) => <input {...a} required={false} value={dest.inscricaoEstadual} onChange={(e) => setDest({ ...dest, inscricaoEstadual: e.target.value })} />}
            </Campo>
          </div>
          {mercadoria ? (
            <fieldset className="grupo">
              <legend>Endereço do destinatário{modelo === 'NFE' ? ' (exigido pela SEFAZ na NF-e; com UF e município)' : ' (opcional)'}</legend>
              {erroDe('destinatario.endereco') ? <p className="erro-campo">{erroDe('destinatario.endereco')}</p> : null}
              <div className="grade">
                {ENDERECO_DESTINATARIO.map(([chave, rotulo, largura]) => (
                  <Campo key={chave} id={`destinatario.endereco.${chave}`} rotulo={rotulo} erro={erroDe(`destinatario.endereco.${chave}`)} largura={largura}>
                    {(a) => <input {...a} required={false} value={ender[chave]} onChange={(e) => setEnder({ ...ender, [chave]: e.target.value })} />}
                  </Campo>
                ))}
              </div>
            </fieldset>
          ) : null}
        </fieldset>
        <fieldset className="grupo">
          <legend>Itens</legend>
          {erroDe('itens') ? <p className="erro-campo">{erroDe('itens')}</p> : null}
          {itens.map((_, i) => (
            <fieldset key={i} className="item">
              <legend>Item {i + 1}</legend>
              <div className="grade">
                {campoItem(i, 'codigo', 'Código')}
                {campoItem(i, 'descricao', 'Descrição', 'media')}
                {campoItem(i, 'quantidade', 'Quantidade')}
                {campoItem(i, 'valorUnitario', 'Valor unitário (R$)')}
                {campoItem(i, 'unidade', 'Unidade')}
                {mercadoria ? campoItem(i, 'ncm', 'NCM (8 dígitos)') : null}
                {modelo !== 'NFSE' ? campoItem(i, 'cfop', 'CFOP') : null}
                {modelo !== 'NFSE' ? campoItem(i, 'csosn', 'CSOSN (Simples)') : null}
                {modelo !== 'NFSE' ? campoItem(i, 'cst', 'CST (regime normal)') : null}
                {modelo === 'NFSE' ? campoItem(i, 'codigoServico', 'Código de serviço (LC 116)') : null}
                {modelo === 'NFSE' ? campoItem(i, 'aliquotaIss', 'Alíquota ISS (%)') : null}
              </div>
              {itens.length > 1 ? (
                <button type="button" onClick={() => setItens((lista) => lista.filter((__, j) => j !== i))}>
                  Remover item {i + 1}
                </button>
              ) : null}
            </fieldset>
          ))}
          <button
            type="button"
            onClick={() => {
              setItens((lista) => [...lista, itemVazio()]);
              setTimeout(() => document.getElementById(`itens[${itens.length}].codigo`)?.focus(), 0);
            }}
          >
            Adicionar item
          </button>
        </fieldset>
        {modelo === 'NFE' ? (
          <Campo id="chaveCteReferenciada" rotulo="Chave do CT-e do frete (opcional)" erro={erroDe('chaveCteReferenciada')} largura="longa">
            {(a) => <input {...a} required={false} value={chaveCte} onChange={(e) => setChaveCte(e.target.value)} />}
          </Campo>
        ) : null}
        {modelo === 'CTE' ? (
          <Campo id="chavesNfeTransportadas" rotulo="Chaves das NF-e transportadas (uma por linha)" obrigatorio erro={erroDe('chavesNfeTransportadas') ?? (erros.filter((e) => e.campo.startsWith('chavesNfeTransportadas[')).map((e) => e.erro).join('; ') || null)} largura="longa">
            {(a) => <textarea {...a} rows={3} value={chavesNfe} onChange={(e) => setChavesNfe(e.target.value)} />}
          </Campo>
        ) : null}
        <button type="submit" className="primario" disabled={enviando}>
          {enviando ? 'Emitindo…' : 'Emitir'}
        </button>
      </form>
    </section>
  );
}
