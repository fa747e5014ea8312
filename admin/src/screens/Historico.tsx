import { useCallback, useEffect, useRef, useState } from 'react';
import { ErroApi, mensagemDeErro, salvarArquivo } from '../api';
import { Campo, Mensagem } from '../components/Campo';
import { focar, Titulo } from '../components/Titulo';
import { useApp } from '../context';
import { linhasRecusadasCsv, valoresLegiveis, type LinhaRecusada } from '../csv';
import { CAMPOS_ENTIDADES, nomeEntidade, type EntidadeIngestao } from '../entidades';
import { dataHora, numero } from '../format';

interface Lote {
  loteId: string;
  entidade: string;
  origem: string;
  prefixoToken: string;
  modo: string;
  totalLinhas: number;
  gravadas: number;
  recusadas: number;
  duplicadas: number;
  recebidoEm: string;
  duracaoMs: number;
}
const POR_PAGINA = 20;
const CAMPOS_LOTE = 'loteId entidade origem prefixoToken modo totalLinhas gravadas recusadas duplicadas recebidoEm duracaoMs';
const HISTORICO = `query($entidade: String, $primeiros: Int, $depois: String) {
  historicoImportacoes(entidade: $entidade, primeiros: $primeiros, depois: $depois) { itens { ${CAMPOS_LOTE} } proximo }
}`;
const RECUSADAS = 'query($loteId: ID!) { loteImportacao(loteId: $loteId) { loteId linhasRecusadas { linha valores erros } } }';
const ENTIDADES = `{ ${CAMPOS_ENTIDADES} }`;
const ID_ATUALIZAR = 'historico-atualizar';

export function Historico(props: { title: string }) {
  const { api, sessao } = useApp();
  const [entidades, setEntidades] = useState<EntidadeIngestao[]>([]);
  const [filtro, setFiltro] = useState('');
  const [lotes, setLotes] = useState<Lote[] | null>(null);
  const [proximo, setProximo] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [aberto, setAberto] = useState<Lote | null>(null);

  useEffect(() => {
    api
      .graphql<{ entidadesIngestaoComNome: EntidadeIngestao[] }>(ENTIDADES)
      .then((d) => setEntidades(d.entidadesIngestaoComNome))
      .catch(() => setEntidades([]));
  }, [api]);

  const carregar = useCallback(
    async (depois: string | null) => {
      try {
        const dados = await api.graphql<{ historicoImportacoes: { itens: Lote[]; proximo: string | null } }>(HISTORICO, {
          entidade: filtro || null,
          primeiros: POR_PAGINA,
          depois,
        });
        const novos = dados.historicoImportacoes.itens;
        setLotes((atuais) => (depois ? [...(atuais ?? []), ...novos] : novos));
        setProximo(dados.historicoImportacoes.proximo);
        setErro(null);
      } catch (e) {
        setErro(e instanceof ErroApi && e.codigo === 'FORBIDDEN' ? 'Só administradores da empresa veem o histórico de importações.' : mensagemDeErro(e));
      }
    },
    [api, filtro],
  );

  useEffect(() => {
    setLotes(null);
    setAberto(null);
    void carregar(null);
  }, [carregar]);

  if (sessao.papel !== 'admin') {
    return (
      <section>
        <Titulo>{props.title}</Titulo>
        <Mensagem tipo="aviso">Só administradores da empresa veem o histórico de importações.</Mensagem>
      </section>
    );
  }

  return (
    <section>
      <Titulo>{props.title}</Titulo>
      <p className="introducao">Lotes recebidos pela API de ingestão, do mais recente ao mais antigo. A origem é o nome do token que enviou o lote.</p>
      <div className="filtros">
        <Campo id="historico-entidade" rotulo="Entidade" largura="media">
          {(a) => (
            <select {...a} required={false} value={filtro} onChange={(e) => setFiltro(e.target.value)}>
              <option value="">Todas</option>
              {entidades.map((e) => (
                <option key={e.entidade} value={e.entidade}>
                  {e.nome}
                </option>
              ))}
            </select>
          )}
        </Campo>
        <button type="button" id={ID_ATUALIZAR} onClick={() => void carregar(null)}>
          Atualizar
        </button>
      </div>
      {erro ? <Mensagem tipo="erro">{erro}</Mensagem> : null}
      {lotes === null && !erro ? <p>Carregando…</p> : null}
      {lotes && lotes.length === 0 ? <p>Nenhum lote recebido{filtro ? ' para esta entidade' : ''}.</p> : null}
      {lotes && lotes.length > 0 ? (
        <div className="tabela-rolavel">
          <table>
            <caption className="so-leitor">Lotes de importação</caption>
            <thead>
              <tr>
                <th scope="col">Recebido em</th>
                <th scope="col">Entidade</th>
                <th scope="col">Origem</th>
                <th scope="col">Modo</th>
                <th scope="col" className="num">Linhas</th>
                <th scope="col" className="num">Gravadas</th>
                <th scope="col" className="num">Recusadas</th>
                <th scope="col" className="num">Duplicadas</th>
                <th scope="col" className="num">Duração</th>
                <th scope="col">Recusas</th>
              </tr>
            </thead>
            <tbody>
              {lotes.map((l) => (
                <tr key={l.loteId} data-lote-id={l.loteId} className={aberto?.loteId === l.loteId ? 'selecionada' : undefined}>
                  <td>{dataHora(l.recebidoEm)}</td>
                  <td>{nomeEntidade(entidades, l.entidade)}</td>
                  <td>
                    {l.origem} <code className="discreto">{l.prefixoToken}…</code>
                  </td>
                  <td>{l.modo}</td>
                  <td className="num">{numero(l.totalLinhas)}</td>
                  <td className="num">{numero(l.gravadas)}</td>
                  <td className={`num${l.recusadas > 0 ? ' destaque-erro' : ''}`}>{numero(l.recusadas)}</td>
                  <td className="num">{numero(l.duplicadas)}</td>
                  <td className="num">{numero(l.duracaoMs)} ms</td>
                  <td>
                    {l.recusadas > 0 ? (
                      <button type="button" onClick={() => setAberto(l)} aria-label={`Ver recusadas: ${l.recusadas} linhas do lote de ${dataHora(l.recebidoEm)}`}>
                        Ver recusadas
                      </button>
                    ) : (
                      <span className="discreto">nenhuma</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {proximo ? (
        <button type="button" onClick={() => void carregar(proximo)}>
          Carregar mais lotes
        </button>
      ) : null}
      {aberto ? (
        <LoteAberto
          lote={aberto}
          nomeEntidade={nomeEntidade(entidades, aberto.entidade)}
          aoFechar={() => {
            // Before the panel unmounts with the focus in it: back to the batch's own button.
            (document.querySelector<HTMLElement>(`tr[data-lote-id="${CSS.escape(aberto.loteId)}"] button`) ?? document.getElementById(ID_ATUALIZAR))?.focus();
            setAberto(null);
          }}
        />
      ) : null}
    </section>
  );
}

/** The refused rows of one batch, read on their own (`loteImportacao`): the list reads only the counts. */
function LoteAberto(props: { lote: Lote; nomeEntidade: string; aoFechar: () => void }) {
  const { api } = useApp();
  const { lote } = props;
  const [linhas, setLinhas] = useState<LinhaRecusada[] | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const titulo = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let vivo = true;
    setLinhas(null);
    setErro(null);
    focar(() => titulo.current);
    api
      .graphql<{ loteImportacao: { loteId: string; linhasRecusadas: LinhaRecusada[] } | null }>(RECUSADAS, { loteId: lote.loteId })
      .then((dados) => {
        if (!dados.loteImportacao) throw new Error('este lote não está mais no histórico da empresa');
        return dados.loteImportacao.linhasRecusadas;
      })
      .then((l) => vivo && setLinhas(l))
      .catch((e: unknown) => vivo && setErro(mensagemDeErro(e)));
    return () => {
      vivo = false;
    };
  }, [api, lote]);

  return (
    <section className="cartao" aria-labelledby="lote-titulo">
      <div className="linha espalhada">
        <h2 id="lote-titulo" tabIndex={-1} ref={titulo}>
          Linhas recusadas — {props.nomeEntidade}, {dataHora(lote.recebidoEm)}
        </h2>
        <button type="button" onClick={props.aoFechar}>
          Fechar
        </button>
      </div>
      <p>
        Lote <code>{lote.loteId}</code> enviado por <strong>{lote.origem}</strong>: {lote.recusadas} de {lote.totalLinhas} linhas recusadas. Corrija-as e
        reenvie; as colunas do CSV são as chaves dos campos.
      </p>
      {erro ? <Mensagem tipo="erro">{erro}</Mensagem> : null}
      {linhas === null && !erro ? <p>Carregando…</p> : null}
      {linhas ? (
        <>
          <button
            type="button"
            className="primario"
            onClick={() => salvarArquivo(new Blob([linhasRecusadasCsv(linhas)], { type: 'text/csv;charset=utf-8' }), `recusadas-${lote.entidade}-${lote.loteId}.csv`)}
          >
            Baixar CSV das recusadas
          </button>
          <div className="tabela-rolavel">
            <table>
              <thead>
                <tr>
                  <th scope="col" className="num">Linha</th>
                  <th scope="col">Motivos</th>
                  <th scope="col">Valores enviados</th>
                </tr>
              </thead>
              <tbody>
                {linhas.map((l) => (
                  <tr key={l.linha}>
                    <th scope="row" className="num">{l.linha}</th>
                    <td>
                      <ul className="motivos">
                        {l.erros.map((e, i) => (
                          <li key={i}>{e}</li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <dl className="valores">
                        {valoresLegiveis(l).map(([k, v]) => (
                          <div key={k}>
                            <dt>{k}</dt>
                            <dd>{v}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
