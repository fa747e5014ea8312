import { useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import type { EntidadeIngestao } from '../../api/operations/entities';
import { CRIAR_TOKEN_INGESTAO, type TokenIngestao } from '../../api/operations/tokens';
import { useApp } from '../../app-context';
import { Field } from '../../components/Field';
import { focusSoon } from '../../components/focus';
import { Message } from '../../components/Message';
import { endOfDayInBrasilia } from '../../format';
import { modoIngestaoLabel } from '../../labels';

export const CREATE_BUTTON_ID = 'token-criar';

type Mode = TokenIngestao['modo'];

/** Where each refusal of a new token belongs in the form. */
type FormErrors = { nome?: string; entidades?: string; expiraEm?: string; general?: string };
const FIELD_OF_CODE: Record<string, keyof FormErrors> = { NOME_TOKEN_EM_USO: 'nome', EXPIRACAO_INVALIDA: 'expiraEm', ENTIDADE_DESCONHECIDA: 'entidades' };

/** A new ingestion token: its name, the entities it may write, its mode and an optional expiry. */
export function NewTokenForm(props: { entidades: EntidadeIngestao[]; onCreated: (value: string, token: TokenIngestao) => void }) {
  const { api } = useApp();
  const [nome, setNome] = useState('');
  const [ticked, setTicked] = useState<string[]>([]);
  const [modo, setModo] = useState<Mode>('UPSERT');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [sending, setSending] = useState(false);
  const errorRef = useRef<HTMLDivElement | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    // A token with no entity is refused on every call (TOKEN_SEM_ESCOPO): the page refuses to create it, saying why.
    if (ticked.length === 0) {
      setErrors({ entidades: 'Marque ao menos uma entidade: um token sem entidades seria recusado em toda chamada, sem gravar nada.' });
      focusSoon(() => document.querySelector<HTMLElement>('#token-entidades input[type="checkbox"]'));
      return;
    }
    setSending(true);
    setErrors({});
    try {
      const created = (await api.graphql(CRIAR_TOKEN_INGESTAO, { input: { nome, entidades: ticked, modo, expiraEm: expiry ? endOfDayInBrasilia(expiry) : null } })).criarTokenIngestao;
      props.onCreated(created.token, created.tokenIngestao);
      setNome('');
      setTicked([]);
      setModo('UPSERT');
      setExpiry('');
    } catch (e) {
      setErrors({ [(e instanceof ApiError && FIELD_OF_CODE[e.code]) || 'general']: errorMessage(e) });
      focusSoon(() => errorRef.current ?? document.querySelector<HTMLElement>('[aria-invalid="true"]'));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="cartao" aria-labelledby="novo-token-titulo">
      <h2 id="novo-token-titulo">Novo token</h2>
      <form onSubmit={(e) => void create(e)} aria-label="Novo token">
        <Field id="token-nome" label="Nome" required error={errors.nome} help="Aparece como origem no histórico de importações. Um por sistema integrado." width="long">
          {(a) => <input {...a} value={nome} onChange={(e) => setNome(e.target.value)} maxLength={100} autoComplete="off" />}
        </Field>
        <fieldset id="token-entidades" aria-describedby={errors.entidades ? 'token-entidades-erro' : undefined} className="lista-opcoes">
          <legend>Entidades que o token pode gravar</legend>
          {props.entidades.map(({ entidade, nome: entityLabel }) => (
            <label key={entidade} className="opcao">
              <input
                type="checkbox"
                value={entidade}
                checked={ticked.includes(entidade)}
                onChange={(e) => setTicked((list) => (e.target.checked ? [...list, entidade] : list.filter((x) => x !== entidade)))}
              />{' '}
              {entityLabel} <code>{entidade}</code>
            </label>
          ))}
          {errors.entidades ? (
            <p className="erro-campo" id="token-entidades-erro">
              {errors.entidades}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="lista-opcoes">
          <legend>Modo</legend>
          <label className="opcao">
            <input type="radio" name="token-modo" checked={modo === 'UPSERT'} onChange={() => setModo('UPSERT')} /> {modoIngestaoLabel('UPSERT')} — uma linha
            com a chave de um registro existente o atualiza (reenviar é seguro)
          </label>
          <label className="opcao">
            <input type="radio" name="token-modo" checked={modo === 'INSERT'} onChange={() => setModo('INSERT')} /> {modoIngestaoLabel('INSERT')} — uma linha
            repetida é informada como duplicada e não é gravada
          </label>
        </fieldset>
        <Field id="token-expira" label="Expira em (opcional)" error={errors.expiraEm} help="Vale até o fim do dia escolhido, horário de Brasília. Vazio: não expira." width="short">
          {(a) => <input {...a} required={false} type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} />}
        </Field>
        {errors.general ? (
          <Message kind="error" ref={errorRef}>
            {errors.general}
          </Message>
        ) : null}
        <button type="submit" id={CREATE_BUTTON_ID} className="primario" disabled={sending}>
          {sending ? 'Criando…' : 'Criar token'}
        </button>
      </form>
    </section>
  );
}
