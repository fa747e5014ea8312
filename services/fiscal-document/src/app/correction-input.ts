import { FiscalDocumentErrorCodes as Codes, Refusal, type CampoInvalido, type ModeloDocumento } from '@erp/contracts';
import { materiasVedadas, textoCorrecao } from '../domain/correction';
import { conferirAlteracoes, type AlteracaoCte } from '../domain/cte-correction';

/** What a correction letter carries once read: the NF-e's text, or the CT-e's changes (and their text for reading). */
export interface CorrecaoLida {
  texto: string;
  alteracoes: AlteracaoCte[] | null;
}

const invalid = (campo: string, erro: string, campos?: CampoInvalido[]) =>
  new Refusal(Codes.CORRECAO_INVALIDA, erro, { extra: campos ? { campo, campos } : { campo } });

const presente = (v: unknown) => v !== undefined && v !== null;

/**
 * Reads the body of `carta-correcao` for the document's model: the NF-e takes `{correcao}` (text, forbidden
 * matters: domain/correction.ts), the CT-e `{alteracoes:[{grupo,campo,valor,numeroItem?}]}` (checked by
 * `conferirAlteracoes`: lengths, item range, what art. 58-B forbids as `correcao_proibida`). The other model's field
 * is a 400 naming it. **Decision:** every CT-e field error, the forbidden ones included, is one 400
 * CORRECAO_INVALIDA with `campo` (the first) and `campos` (all), as an emission reports them: the CT-e names the
 * field it changes, so the refusal can point at it, unlike the NF-e's free text (422 CORRECAO_MATERIA_VEDADA).
 */
export function lerCorrecao(modelo: ModeloDocumento, corpo: Record<string, unknown>): CorrecaoLida {
  if (modelo === 'CTE') {
    if (presente(corpo.correcao)) throw invalid('correcao', 'correcao é a carta de correção da NF-e; a do CT-e são as alteracoes [{grupo, campo, valor, numeroItem?}]');
    const alteracoes = lerAlteracoes(corpo.alteracoes);
    const erros = conferirAlteracoes(alteracoes);
    if (erros.length > 0) throw invalid(erros[0].campo, `carta de correção do CT-e inválida: ${erros.map((e) => e.campo).join(', ')}`, erros);
    return { texto: textoAlteracoes(alteracoes), alteracoes };
  }
  if (presente(corpo.alteracoes)) throw invalid('alteracoes', 'alteracoes é a carta de correção do CT-e; a da NF-e é o texto em correcao');
  const lido = textoCorrecao(corpo.correcao);
  if ('erro' in lido) throw invalid('correcao', lido.erro);
  const materias = materiasVedadas(lido.texto);
  if (materias.length > 0) {
    throw new Refusal(Codes.CORRECAO_MATERIA_VEDADA, `a carta de correção não corrige ${materias.join(', ')} (Convênio S/Nº de 1970, art. 7º §1º-A): cancele e emita outro documento`, {
      status: 422,
      extra: { materias },
    });
  }
  return { texto: lido.texto, alteracoes: null };
}

/** The changes as plain objects of strings (a wrong type is a field error, never a crash). */
function lerAlteracoes(bruto: unknown): AlteracaoCte[] {
  if (!Array.isArray(bruto)) throw invalid('alteracoes', 'alteracoes é obrigatória no CT-e: uma lista de {grupo, campo, valor, numeroItem?}');
  if (bruto.length > 50) throw invalid('alteracoes', 'alteracoes: no máximo 50 alterações por carta');
  return bruto.map((a: unknown, i) => {
    if (typeof a !== 'object' || a === null || Array.isArray(a)) throw invalid(`alteracoes[${i}]`, `alteracoes[${i}] deve ser um objeto {grupo, campo, valor, numeroItem?}`);
    const o = a as Record<string, unknown>;
    for (const k of ['grupo', 'campo', 'valor'] as const) {
      if (typeof o[k] !== 'string') throw invalid(`alteracoes[${i}].${k}`, `alteracoes[${i}].${k} é obrigatório (texto)`);
    }
    if (presente(o.numeroItem) && typeof o.numeroItem !== 'number') throw invalid(`alteracoes[${i}].numeroItem`, `alteracoes[${i}].numeroItem é um número de 1 a 99`);
    const alteracao: AlteracaoCte = { grupo: (o.grupo as string).trim(), campo: (o.campo as string).trim(), valor: (o.valor as string).replace(/\s+/g, ' ').trim() };
    if (presente(o.numeroItem)) alteracao.numeroItem = o.numeroItem;
    return alteracao;
  });
}

/** The changes read as one text (the letter's `correcao` in the API and the accounting event): `grupo.campo[item]: valor`. */
export function textoAlteracoes(alteracoes: AlteracaoCte[]): string {
  return alteracoes.map((a) => `${a.grupo}.${a.campo}${a.numeroItem ? `[${a.numeroItem}]` : ''}: ${a.valor}`).join('; ');
}
