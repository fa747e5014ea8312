import { useState, type FormEvent } from 'react';
import type { FieldError } from '../../api/field-errors';
import type { ModeloBusca, SituacaoDocumento } from '../../api/operations/documents';
import { Field } from '../../components/Field';
import { Message } from '../../components/Message';
import { MODELOS_BUSCA, SITUACOES } from './document-labels';
import { Options } from '../../components/Options';

/** What the list is filtered by (the graph's `documentosFiscais` arguments); empty texts are not sent. */
export interface DocumentFilters {
  modelo: '' | ModeloBusca;
  situacao: '' | SituacaoDocumento;
  cliente: string;
  numero: string;
  chaveAcesso: string;
  referencia: string;
  emitidoDe: string;
  emitidoAte: string;
}

export const NO_FILTERS: DocumentFilters = { modelo: '', situacao: '', cliente: '', numero: '', chaveAcesso: '', referencia: '', emitidoDe: '', emitidoAte: '' };

/** The filters as the graph takes them: blanks left out, the number as typed ("1.234" is 1234), the key without spaces. */
export function filterVariables(f: DocumentFilters) {
  const text = (value: string) => value.trim() || null;
  const digits = f.numero.replace(/[.\s]/g, '');
  return {
    modelo: f.modelo || null,
    situacao: f.situacao || null,
    cliente: text(f.cliente),
    // A number the graph cannot take as Int is sent as an impossible one, so the API names the field.
    numero: digits === '' ? null : /^\d{1,9}$/.test(digits) ? Number(digits) : -1,
    chaveAcesso: text(f.chaveAcesso.replace(/\s/g, '')),
    referencia: text(f.referencia),
    emitidoDe: text(f.emitidoDe),
    emitidoAte: text(f.emitidoAte),
  };
}

const LABELS: Record<string, string> = {
  cliente: 'Cliente',
  numero: 'Número do documento',
  chaveAcesso: 'Chave de acesso',
  referencia: 'Referência',
  emitidoDe: 'Emitidos de',
  emitidoAte: 'Emitidos até',
  modelo: 'Modelo',
  situacao: 'Situação',
};
const fieldId = (campo: string) => `busca-${campo}`;

/**
 * The documents' search: customer (name part, CNPJ or CPF), number, access key, referência, the period (days in
 * Brasília) and model and status. "Buscar" (or Enter) applies them; a filter the API refuses is named under its
 * field, by its label.
 */
export function DocumentSearch(props: { onSearch: (filters: DocumentFilters) => void; errors: FieldError[] }) {
  const [f, setF] = useState<DocumentFilters>(NO_FILTERS);
  const set = (key: keyof DocumentFilters) => (e: { target: { value: string } }) => setF((current) => ({ ...current, [key]: e.target.value }));
  // A model or status picked applies at once (with the texts as they stand); the texts apply with "Buscar" or Enter.
  const pick = (key: 'modelo' | 'situacao') => (e: { target: { value: string } }) => {
    const next = { ...f, [key]: e.target.value };
    setF(next);
    props.onSearch(next);
  };
  const errorFor = (campo: string) => props.errors.filter((e) => e.campo === campo).map((e) => e.erro).join(' ') || null;

  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSearch(f);
  }

  return (
    <form className="busca" role="search" aria-label="Buscar documentos" onSubmit={submit}>
      {props.errors.length ? (
        <Message kind="error">
          <p>A busca não foi feita: {props.errors.map((e) => LABELS[e.campo] ?? e.campo).join(', ')}.</p>
        </Message>
      ) : null}
      <div className="filtros">
        <Field id={fieldId('cliente')} label={LABELS.cliente} help="Parte do nome, ou o CNPJ / CPF" error={errorFor('cliente')}>
          {(a) => <input {...a} value={f.cliente} onChange={set('cliente')} autoComplete="off" />}
        </Field>
        <Field id={fieldId('numero')} label={LABELS.numero} width="short" error={errorFor('numero')}>
          {(a) => <input {...a} inputMode="numeric" value={f.numero} onChange={set('numero')} autoComplete="off" />}
        </Field>
        <Field id={fieldId('chaveAcesso')} label={LABELS.chaveAcesso} error={errorFor('chaveAcesso')}>
          {(a) => <input {...a} inputMode="numeric" value={f.chaveAcesso} onChange={set('chaveAcesso')} autoComplete="off" />}
        </Field>
        <Field id={fieldId('referencia')} label={LABELS.referencia} width="short" error={errorFor('referencia')}>
          {(a) => <input {...a} value={f.referencia} onChange={set('referencia')} autoComplete="off" />}
        </Field>
        <Field id={fieldId('emitidoDe')} label={LABELS.emitidoDe} width="short" error={errorFor('emitidoDe')}>
          {(a) => <input {...a} type="date" value={f.emitidoDe} onChange={set('emitidoDe')} />}
        </Field>
        <Field id={fieldId('emitidoAte')} label={LABELS.emitidoAte} width="short" error={errorFor('emitidoAte')}>
          {(a) => <input {...a} type="date" value={f.emitidoAte} onChange={set('emitidoAte')} />}
        </Field>
        <Field id="docs-modelo" label={LABELS.modelo} width="short" error={errorFor('modelo')}>
          {(a) => (
            <select {...a} value={f.modelo} onChange={pick('modelo')}>
              <option value="">Todos</option>
              <Options choices={MODELOS_BUSCA} />
            </select>
          )}
        </Field>
        <Field id="docs-situacao" label={LABELS.situacao} width="short" error={errorFor('situacao')}>
          {(a) => (
            <select {...a} value={f.situacao} onChange={pick('situacao')}>
              <option value="">Todas</option>
              <Options choices={SITUACOES} />
            </select>
          )}
        </Field>
      </div>
      <div className="botoes">
        <button type="submit">Buscar</button>
        <button
          type="button"
          onClick={() => {
            setF(NO_FILTERS);
            props.onSearch(NO_FILTERS);
          }}
        >
          Limpar filtros
        </button>
      </div>
    </form>
  );
}
