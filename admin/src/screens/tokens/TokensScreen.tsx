import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import type { EntidadeIngestao } from '../../api/operations/entities';
import {
  DEFINIR_ESCOPO_TOKEN_INGESTAO,
  INATIVAR_TOKEN_INGESTAO,
  REATIVAR_TOKEN_INGESTAO,
  RENOVAR_TOKEN_INGESTAO,
  REVOGAR_TOKEN_INGESTAO,
  TOKENS_INGESTAO,
  type TokenIngestao,
} from '../../api/operations/tokens';
import { useApp } from '../../app-context';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { focusSoon } from '../../components/focus';
import { Message, type Outcome } from '../../components/Message';
import { ScreenTitle } from '../../components/ScreenTitle';
import { endOfDayInBrasilia, todayInBrasilia } from '../../format';
import { CreatedToken } from './CreatedToken';
import { CREATE_BUTTON_ID, NewTokenForm } from './NewTokenForm';
import { TokenTable, type TokenActions } from './TokenTable';

const ADMINS_ONLY = 'Só administradores da empresa gerenciam tokens de ingestão.';

/** "The company management screen for ingestion tokens": create one (its value shown once) and manage each. */
export function TokensScreen(props: { title: string }) {
  const { api, session, announce } = useApp();
  const [tokens, setTokens] = useState<TokenIngestao[] | null>(null);
  const [entidades, setEntidades] = useState<EntidadeIngestao[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [created, setCreated] = useState<{ value: string; token: TokenIngestao } | null>(null);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const outcomeRef = useRef<HTMLDivElement | null>(null);

  const load = useCallback(async () => {
    try {
      const read = await api.graphql(TOKENS_INGESTAO);
      setTokens(read.tokensIngestao);
      setEntidades(read.entidadesIngestaoComNome);
      setListError(null);
    } catch (e) {
      setListError(e instanceof ApiError && e.code === 'FORBIDDEN' ? ADMINS_ONLY : errorMessage(e));
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  async function run(token: TokenIngestao, change: () => Promise<TokenIngestao>, success: string) {
    try {
      const changed = await change();
      setTokens((list) => (list ?? []).map((t) => (t.id === changed.id ? changed : t)));
      // The message gets the focus, so it is read once; no separate announcement.
      setOutcome({ kind: 'ok', text: success });
    } catch (e) {
      setOutcome({ kind: 'error', text: `${token.nome}: ${errorMessage(e)}` });
    }
    focusSoon(() => outcomeRef.current);
  }

  function refuse(text: string) {
    setOutcome({ kind: 'error', text });
    focusSoon(() => outcomeRef.current);
  }

  const actions: TokenActions = {
    reactivate: (t) => void run(t, async () => (await api.graphql(REATIVAR_TOKEN_INGESTAO, { id: t.id })).reativarTokenIngestao, `Token "${t.nome}" reativado.`),
    inactivate: (t) =>
      setRequest({
        title: `Inativar o token "${t.nome}"?`,
        message: (
          <p>
            Toda chamada com este token passa a ser recusada até alguém reativá-lo. A integração que o usa para de enviar
            dados enquanto isso.
          </p>
        ),
        action: 'Inativar token',
        danger: true,
        onConfirm: () => run(t, async () => (await api.graphql(INATIVAR_TOKEN_INGESTAO, { id: t.id })).inativarTokenIngestao, `Token "${t.nome}" inativado.`),
      }),
    renew: (t) =>
      setRequest({
        title: `Renovar o token "${t.nome}"`,
        message: <p>Escolha a nova data de validade. O token vale até o fim desse dia (horário de Brasília).</p>,
        content: (
          <div className="campo">
            <label htmlFor="renovar-data">Nova validade</label>
            <input id="renovar-data" name="expiraEm" type="date" required min={todayInBrasilia()} />
          </div>
        ),
        action: 'Renovar',
        onConfirm: (data) =>
          run(t, async () => (await api.graphql(RENOVAR_TOKEN_INGESTAO, { id: t.id, expiraEm: endOfDayInBrasilia(data.get('expiraEm') as string) })).renovarTokenIngestao, `Token "${t.nome}" renovado.`),
      }),
    rescope: (t) =>
      setRequest({
        title: `Escopo do token "${t.nome}"`,
        message: <p>Marque as entidades que este token pode gravar: ao menos uma (sem nenhuma, toda chamada seria recusada).</p>,
        content: (
          <fieldset className="lista-opcoes">
            <legend>Entidades</legend>
            {entidades.map(({ entidade, nome }) => (
              <label key={entidade} className="opcao">
                <input type="checkbox" name="entidades" value={entidade} defaultChecked={t.entidades.includes(entidade)} /> {nome} <code>{entidade}</code>
              </label>
            ))}
          </fieldset>
        ),
        action: 'Salvar escopo',
        onConfirm: (data) => {
          const escolhidas = data.getAll('entidades') as string[];
          // An empty scope would make every call fail: refused here, as in the creation form, and nothing is sent.
          if (escolhidas.length === 0) return refuse(`Nenhuma entidade marcada: o escopo do token "${t.nome}" não foi alterado. Para parar o token, use "Inativar".`);
          return run(t, async () => (await api.graphql(DEFINIR_ESCOPO_TOKEN_INGESTAO, { id: t.id, entidades: escolhidas })).definirEscopoTokenIngestao, `Escopo do token "${t.nome}" alterado.`);
        },
      }),
    revoke: (t) =>
      setRequest({
        title: `Revogar o token "${t.nome}"?`,
        message: (
          <p>
            Revogar é <strong>definitivo</strong>: toda chamada com este token passa a ser recusada e ele não pode ser
            reativado. O sistema que o usa precisará de um token novo.
          </p>
        ),
        action: 'Revogar token',
        danger: true,
        onConfirm: () => run(t, async () => (await api.graphql(REVOGAR_TOKEN_INGESTAO, { id: t.id })).revogarTokenIngestao, `Token "${t.nome}" revogado.`),
      }),
  };

  if (session.role !== 'admin') {
    return (
      <section>
        <ScreenTitle>{props.title}</ScreenTitle>
        <Message kind="warning">{ADMINS_ONLY}</Message>
      </section>
    );
  }

  return (
    <section aria-labelledby="tokens-lista">
      <ScreenTitle>{props.title}</ScreenTitle>
      <p className="introducao">
        Cada sistema que envia dados pela API de ingestão usa o seu próprio token. O token decide a empresa, as entidades que
        pode gravar (o escopo) e o modo de gravação.
      </p>
      {created ? (
        <CreatedToken
          value={created.value}
          token={created.token}
          onClose={() => {
            // Before the panel unmounts with the focus in it: back to the button that made it, ready for the next token.
            document.getElementById(CREATE_BUTTON_ID)?.focus();
            setCreated(null);
          }}
        />
      ) : null}
      <NewTokenForm
        entidades={entidades}
        onCreated={(value, token) => {
          setTokens((list) => [token, ...(list ?? [])]);
          setCreated({ value, token });
          setOutcome(null);
          announce(`Token "${token.nome}" criado. Copie o valor agora: ele não será mostrado de novo.`);
        }}
      />
      <h2 id="tokens-lista">Tokens da empresa</h2>
      {outcome ? (
        <Message kind={outcome.kind} ref={outcomeRef}>
          {outcome.text}
        </Message>
      ) : null}
      {listError ? <Message kind="error">{listError}</Message> : null}
      {tokens === null && !listError ? <p>Carregando…</p> : null}
      {tokens && tokens.length === 0 ? <p>Nenhum token criado ainda.</p> : null}
      {tokens && tokens.length > 0 ? <TokenTable tokens={tokens} entidades={entidades} actions={actions} /> : null}
      <ConfirmDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}
