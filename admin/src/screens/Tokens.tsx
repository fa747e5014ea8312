import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ErroApi, mensagemDeErro } from '../api';
import { Campo, Mensagem } from '../components/Campo';
import { Confirmacao, type PedidoConfirmacao } from '../components/Confirmacao';
import { focar, Titulo } from '../components/Titulo';
import { useApp } from '../context';
import { CAMPOS_ENTIDADES, nomeEntidade, type EntidadeIngestao } from '../entidades';
import { dataHora, hojeEmBrasilia } from '../format';

type Status = 'ATIVO' | 'INATIVO' | 'REVOGADO' | 'EXPIRADO';
interface Token {
  id: string;
  nome: string;
  prefixo: string;
  modo: 'UPSERT' | 'INSERT';
  status: Status;
  entidades: string[];
  expiraEm: string | null;
  criadoEm: string;
  ultimoUsoEm: string | null;
}

const CAMPOS_TOKEN = 'id nome prefixo modo status entidades expiraEm criadoEm ultimoUsoEm';
const LISTAR = `{ tokensIngestao { ${CAMPOS_TOKEN} } ${CAMPOS_ENTIDADES} }`;
const CRIAR = `mutation($input: CriarTokenIngestaoInput!) { criarTokenIngestao(input: $input) { token tokenIngestao { ${CAMPOS_TOKEN} } } }`;
const ACOES = {
  revogar: `mutation($id: ID!) { revogarTokenIngestao(id: $id) { ${CAMPOS_TOKEN} } }`,
  inativar: `mutation($id: ID!) { inativarTokenIngestao(id: $id) { ${CAMPOS_TOKEN} } }`,
  reativar: `mutation($id: ID!) { reativarTokenIngestao(id: $id) { ${CAMPOS_TOKEN} } }`,
  renovar: `mutation($id: ID!, $expiraEm: DateTime!) { renovarTokenIngestao(id: $id, expiraEm: $expiraEm) { ${CAMPOS_TOKEN} } }`,
  escopo: `mutation($id: ID!, $entidades: [String!]!) { definirEscopoTokenIngestao(id: $id, entidades: $entidades) { ${CAMPOS_TOKEN} } }`,
};

const ID_CRIAR = 'token-criar';

const STATUS: Record<Status, string> = { ATIVO: 'Ativo', INATIVO: 'Inativo', REVOGADO: 'Revogado', EXPIRADO: 'Expirado' };

/** A date picked in the form is the end of that day in Brasília. */
const fimDoDia = (dia: string) => `${dia}T23:59:59.999-03:00`;

export function Tokens(props: { title: string }) {
  const { api, sessao, anunciar } = useApp();
  const [tokens, setTokens] = useState<Token[] | null>(null);
  const [entidades, setEntidades] = useState<EntidadeIngestao[]>([]);
  const [erroLista, setErroLista] = useState<string | null>(null);
  const [resultado, setResultado] = useState<{ tipo: 'ok' | 'erro'; texto: string } | null>(null);
  const [criado, setCriado] = useState<{ valor: string; token: Token } | null>(null);
  const [pedido, setPedido] = useState<PedidoConfirmacao | null>(null);
  const mensagemRef = useRef<HTMLDivElement | null>(null);

  const carregar = useCallback(async () => {
    try {
      const dados = await api.graphql<{ tokensIngestao: Token[]; entidadesIngestaoComNome: EntidadeIngestao[] }>(LISTAR);
      setTokens(dados.tokensIngestao);
      setEntidades(dados.entidadesIngestaoComNome);
      setErroLista(null);
    } catch (e) {
      setErroLista(e instanceof ErroApi && e.codigo === 'FORBIDDEN' ? 'Só administradores da empresa gerenciam tokens de ingestão.' : mensagemDeErro(e));
    }
  }, [api]);

  useEffect(() => {
    void carregar();
  }, [carregar]);

  const substituir = (novo: Token) => setTokens((lista) => (lista ?? []).map((t) => (t.id === novo.id ? novo : t)));

  async function executar(token: Token, acao: keyof typeof ACOES, variaveis: Record<string, unknown>, sucesso: string) {
    try {
      const dados = await api.graphql<Record<string, Token>>(ACOES[acao], { id: token.id, ...variaveis });
      substituir(Object.values(dados)[0]);
      // The message gets the focus, so it is read once; no separate announcement.
      setResultado({ tipo: 'ok', texto: sucesso });
    } catch (e) {
      setResultado({ tipo: 'erro', texto: `${token.nome}: ${mensagemDeErro(e)}` });
    }
    focar(() => mensagemRef.current);
  }

  function pedirRevogacao(token: Token) {
    setPedido({
      titulo: `Revogar o token "${token.nome}"?`,
      mensagem: (
        <p>
          Revogar é <strong>definitivo</strong>: toda chamada com este token passa a receber 401 TOKEN_REVOGADO e ele não pode
          ser reativado. O sistema que o usa precisará de um token novo.
        </p>
      ),
      acao: 'Revogar token',
      perigo: true,
      aoConfirmar: () => executar(token, 'revogar', {}, `Token "${token.nome}" revogado.`),
    });
  }

  function pedirInativacao(token: Token) {
    setPedido({
      titulo: `Inativar o token "${token.nome}"?`,
      mensagem: (
        <p>
          As chamadas com este token passam a receber 401 TOKEN_INATIVO até alguém reativá-lo. A integração que o usa para de
          enviar dados enquanto isso.
        </p>
      ),
      acao: 'Inativar token',
      perigo: true,
      aoConfirmar: () => executar(token, 'inativar', {}, `Token "${token.nome}" inativado.`),
    });
  }

  function pedirRenovacao(token: Token) {
    setPedido({
      titulo: `Renovar o token "${token.nome}"`,
      mensagem: <p>Escolha a nova data de validade. O token vale até o fim desse dia (horário de Brasília).</p>,
      conteudo: (
        <div className="campo">
          <label htmlFor="renovar-data">Nova validade</label>
          <input id="renovar-data" name="expiraEm" type="date" required min={hojeEmBrasilia()} />
        </div>
      ),
      acao: 'Renovar',
      aoConfirmar: (dados) => executar(token, 'renovar', { expiraEm: fimDoDia(dados.get('expiraEm') as string) }, `Token "${token.nome}" renovado.`),
    });
  }

  function pedirEscopo(token: Token) {
    setPedido({
      titulo: `Escopo do token "${token.nome}"`,
      mensagem: <p>Marque as entidades que este token pode gravar. Sem nenhuma, as chamadas recebem 401 TOKEN_SEM_ESCOPO.</p>,
      conteudo: (
        <fieldset className="lista-opcoes">
          <legend>Entidades</legend>
          {entidades.map(({ entidade, nome }) => (
            <label key={entidade} className="opcao">
              <input type="checkbox" name="entidades" value={entidade} defaultChecked={token.entidades.includes(entidade)} /> {nome} <code>{entidade}</code>
            </label>
          ))}
        </fieldset>
      ),
      acao: 'Salvar escopo',
      aoConfirmar: (dados) => executar(token, 'escopo', { entidades: dados.getAll('entidades') }, `Escopo do token "${token.nome}" alterado.`),
    });
  }

  if (sessao.papel !== 'admin') {
    return (
      <section>
        <Titulo>{props.title}</Titulo>
        <Mensagem tipo="aviso">Só administradores da empresa gerenciam tokens de ingestão.</Mensagem>
      </section>
    );
  }

  return (
    <section aria-labelledby="tokens-lista">
      <Titulo>{props.title}</Titulo>
      <p className="introducao">
        Cada sistema que envia dados pela API de ingestão usa o seu próprio token. O token decide a empresa, as entidades que
        pode gravar (o escopo) e o modo de gravação.
      </p>
      {criado ? (
        <TokenCriado
          valor={criado.valor}
          token={criado.token}
          aoFechar={() => {
            // Before the panel unmounts with the focus in it: back to the button that made it, ready for the next token.
            document.getElementById(ID_CRIAR)?.focus();
            setCriado(null);
          }}
        />
      ) : null}
      <NovoToken
        entidades={entidades}
        aoCriar={(valor, token) => {
          setTokens((lista) => [token, ...(lista ?? [])]);
          setCriado({ valor, token });
          setResultado(null);
          anunciar(`Token "${token.nome}" criado. Copie o valor agora: ele não será mostrado de novo.`);
        }}
      />
      <h2 id="tokens-lista">Tokens da empresa</h2>
      {resultado ? (
        <Mensagem tipo={resultado.tipo} foco={(el) => (mensagemRef.current = el)}>
          {resultado.texto}
        </Mensagem>
      ) : null}
      {erroLista ? <Mensagem tipo="erro">{erroLista}</Mensagem> : null}
      {tokens === null && !erroLista ? <p>Carregando…</p> : null}
      {tokens && tokens.length === 0 ? <p>Nenhum token criado ainda.</p> : null}
      {tokens && tokens.length > 0 ? (
        <div className="tabela-rolavel">
          <table>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Status</th>
                <th scope="col">Prefixo</th>
                <th scope="col">Modo</th>
                <th scope="col">Escopo</th>
                <th scope="col">Expira em</th>
                <th scope="col">Último uso</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id} data-token-id={t.id}>
                  <th scope="row">{t.nome}</th>
                  <td>
                    <span className={`selo selo-${t.status.toLowerCase()}`}>{STATUS[t.status]}</span>
                  </td>
                  <td>
                    <code>{t.prefixo}…</code>
                  </td>
                  <td>{t.modo}</td>
                  <td>{t.entidades.length ? t.entidades.map((e) => nomeEntidade(entidades, e)).join(', ') : <em>sem escopo</em>}</td>
                  <td>{t.expiraEm ? dataHora(t.expiraEm) : 'não expira'}</td>
                  <td>{t.ultimoUsoEm ? dataHora(t.ultimoUsoEm) : 'nunca'}</td>
                  <td>
                    <div className="acoes">
                      {t.status === 'INATIVO' ? (
                        <button type="button" onClick={() => void executar(t, 'reativar', {}, `Token "${t.nome}" reativado.`)} aria-label={`Reativar ${t.nome}`}>
                          Reativar
                        </button>
                      ) : null}
                      {t.status === 'ATIVO' || t.status === 'EXPIRADO' ? (
                        <button type="button" onClick={() => pedirInativacao(t)} aria-label={`Inativar ${t.nome}`}>
                          Inativar
                        </button>
                      ) : null}
                      {t.status !== 'REVOGADO' ? (
                        <>
                          <button type="button" onClick={() => pedirRenovacao(t)} aria-label={`Renovar ${t.nome}`}>
                            Renovar
                          </button>
                          <button type="button" onClick={() => pedirEscopo(t)} aria-label={`Alterar escopo de ${t.nome}`}>
                            Escopo
                          </button>
                          <button type="button" className="perigo" onClick={() => pedirRevogacao(t)} aria-label={`Revogar ${t.nome}`}>
                            Revogar
                          </button>
                        </>
                      ) : (
                        <span className="discreto">nenhuma (revogado)</span>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Confirmacao pedido={pedido} aoFechar={() => setPedido(null)} />
    </section>
  );
}

function NovoToken(props: { entidades: EntidadeIngestao[]; aoCriar: (valor: string, token: Token) => void }) {
  const { api } = useApp();
  const [nome, setNome] = useState('');
  const [marcadas, setMarcadas] = useState<string[]>([]);
  const [modo, setModo] = useState<'UPSERT' | 'INSERT'>('UPSERT');
  const [expira, setExpira] = useState('');
  const [erros, setErros] = useState<{ nome?: string; entidades?: string; expiraEm?: string; geral?: string }>({});
  const [enviando, setEnviando] = useState(false);
  const erroRef = useRef<HTMLDivElement | null>(null);

  async function criar(evento: FormEvent) {
    evento.preventDefault();
    setEnviando(true);
    setErros({});
    try {
      const dados = await api.graphql<{ criarTokenIngestao: { token: string; tokenIngestao: Token } }>(CRIAR, {
        input: { nome, entidades: marcadas, modo, expiraEm: expira ? fimDoDia(expira) : null },
      });
      props.aoCriar(dados.criarTokenIngestao.token, dados.criarTokenIngestao.tokenIngestao);
      setNome('');
      setMarcadas([]);
      setModo('UPSERT');
      setExpira('');
    } catch (e) {
      const codigo = e instanceof ErroApi ? e.codigo : '';
      const texto = mensagemDeErro(e);
      if (codigo === 'NOME_TOKEN_EM_USO') setErros({ nome: texto });
      else if (codigo === 'EXPIRACAO_INVALIDA') setErros({ expiraEm: texto });
      else if (codigo === 'ENTIDADE_DESCONHECIDA') setErros({ entidades: texto });
      else setErros({ geral: texto });
      focar(() => erroRef.current ?? document.querySelector<HTMLElement>('[aria-invalid="true"]'));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <section className="cartao" aria-labelledby="novo-token-titulo">
      <h2 id="novo-token-titulo">Novo token</h2>
      <form onSubmit={(e) => void criar(e)} aria-label="Novo token">
        <Campo id="token-nome" rotulo="Nome" obrigatorio erro={erros.nome} ajuda="Aparece como origem no histórico de importações. Um por sistema integrado." largura="longa">
          {(a) => <input {...a} value={nome} onChange={(e) => setNome(e.target.value)} maxLength={100} autoComplete="off" />}
        </Campo>
        <fieldset aria-describedby={erros.entidades ? 'token-entidades-erro' : undefined} className="lista-opcoes">
          <legend>Entidades que o token pode gravar</legend>
          {props.entidades.map(({ entidade: ent, nome: nomeEnt }) => (
            <label key={ent} className="opcao">
              <input
                type="checkbox"
                value={ent}
                checked={marcadas.includes(ent)}
                onChange={(e) => setMarcadas((m) => (e.target.checked ? [...m, ent] : m.filter((x) => x !== ent)))}
              />{' '}
              {nomeEnt} <code>{ent}</code>
            </label>
          ))}
          {erros.entidades ? (
            <p className="erro-campo" id="token-entidades-erro">
              {erros.entidades}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="lista-opcoes">
          <legend>Modo</legend>
          <label className="opcao">
            <input type="radio" name="token-modo" checked={modo === 'UPSERT'} onChange={() => setModo('UPSERT')} /> UPSERT — uma linha com a chave de um
            registro existente o atualiza (reenviar é seguro)
          </label>
          <label className="opcao">
            <input type="radio" name="token-modo" checked={modo === 'INSERT'} onChange={() => setModo('INSERT')} /> INSERT — uma linha repetida é
            informada como duplicada e não é gravada
          </label>
        </fieldset>
        <Campo id="token-expira" rotulo="Expira em (opcional)" erro={erros.expiraEm} ajuda="Vale até o fim do dia escolhido, horário de Brasília. Vazio: não expira." largura="curta">
          {(a) => <input {...a} required={false} type="date" value={expira} onChange={(e) => setExpira(e.target.value)} />}
        </Campo>
        {erros.geral ? (
          <Mensagem tipo="erro" foco={(el) => (erroRef.current = el)}>
            {erros.geral}
          </Mensagem>
        ) : null}
        <button type="submit" id={ID_CRIAR} className="primario" disabled={enviando}>
          {enviando ? 'Criando…' : 'Criar token'}
        </button>
      </form>
    </section>
  );
}

/** The value, shown once: a read-only field, a copy button and the warning. Closing it forgets the value. */
function TokenCriado(props: { valor: string; token: Token; aoFechar: () => void }) {
  const [copiado, setCopiado] = useState<string | null>(null);
  const titulo = useRef<HTMLHeadingElement>(null);
  const campo = useRef<HTMLInputElement>(null);
  useEffect(() => focar(() => titulo.current), []);

  async function copiar() {
    try {
      await navigator.clipboard.writeText(props.valor);
      setCopiado('Copiado para a área de transferência.');
    } catch {
      campo.current?.select();
      setCopiado('Não foi possível copiar automaticamente: o valor está selecionado, use Ctrl+C.');
    }
  }

  return (
    <section className="cartao token-criado" aria-labelledby="token-criado-titulo">
      <h2 id="token-criado-titulo" tabIndex={-1} ref={titulo}>
        Token "{props.token.nome}" criado — copie o valor agora
      </h2>
      <p className="alerta" id="token-criado-aviso">
        <strong>Este valor aparece só esta vez.</strong> Guarde-o no sistema que vai enviar os dados. Ele não fica gravado em
        lugar nenhum (só um resumo criptográfico); se for perdido, revogue este token e crie outro.
      </p>
      <label htmlFor="token-criado-valor">Valor do token</label>
      <div className="linha">
        <input id="token-criado-valor" ref={campo} readOnly value={props.valor} className="valor-token" aria-describedby="token-criado-aviso" onFocus={(e) => e.target.select()} />
        <button type="button" className="primario" onClick={() => void copiar()}>
          Copiar
        </button>
      </div>
      <p role="status">{copiado}</p>
      <button type="button" onClick={props.aoFechar}>
        Já guardei o valor — fechar
      </button>
    </section>
  );
}
