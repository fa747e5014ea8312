import type { ModeloDocumento } from '../../api/operations/documents';
import { Field } from '../../components/Field';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { carriesGoods, emptyItem, type ItemForm } from './issue-input';

/** The items of a document, the fields each model asks for; items are added and removed here. */
export function ItemFields(props: { modelo: ModeloDocumento; regime: string | null; itens: ItemForm[]; onChange: (update: (itens: ItemForm[]) => ItemForm[]) => void; fieldErrors: FieldErrors }) {
  const { modelo, itens, onChange } = props;
  const { errorFor } = props.fieldErrors;
  const goods = carriesGoods(modelo);
  const service = modelo === 'NFSE';
  // A CT-e's items are the components of the service's value (vPrest/Comp); its CFOP is the transport group's.
  const cte = modelo === 'CTE';
  // The company's regime decides the ICMS code: CSOSN in the Simples Nacional, CST otherwise (both while unknown).
  const showCsosn = props.regime !== 'LUCRO_PRESUMIDO' && props.regime !== 'LUCRO_REAL';
  const showCst = props.regime !== 'SIMPLES_NACIONAL';
  const change = (i: number, key: keyof ItemForm, value: string) => onChange((list) => list.map((item, j) => (j === i ? { ...item, [key]: value } : item)));
  // Numbers as typed in Brazil ("1.200,00"), an NCM with its dots ("9401.30.00"): the input converts them.
  const field = (i: number, key: keyof ItemForm, label: string, width: 'short' | 'medium' = 'short', decimal = false) => (
    <Field id={`itens[${i}].${key}`} label={label} error={errorFor(`itens[${i}].${key}`)} width={width}>
      {(a) => <input {...a} required={false} inputMode={decimal ? 'decimal' : undefined} value={itens[i][key]} onChange={(e) => change(i, key, e.target.value)} />}
    </Field>
  );

  return (
    <fieldset className="grupo">
      <legend>{cte ? 'Componentes do valor do serviço' : 'Itens'}</legend>
      {errorFor('itens') ? <p className="erro-campo">{errorFor('itens')}</p> : null}
      {!service && props.regime ? (
        <p className="ajuda">
          {props.regime === 'SIMPLES_NACIONAL' ? 'Empresa do Simples Nacional: o ICMS de cada item vai pelo CSOSN.' : 'Empresa do regime normal: o ICMS de cada item vai pelo CST.'}
        </p>
      ) : null}
      {itens.map((_, i) => (
        <fieldset key={i} className="item">
          <legend>
            {cte ? 'Componente' : 'Item'} {i + 1}
          </legend>
          <div className="grade">
            {field(i, 'codigo', 'Código')}
            {field(i, 'descricao', cte ? 'Nome do componente' : 'Descrição', 'medium')}
            {field(i, 'quantidade', 'Quantidade', 'short', true)}
            {field(i, 'valorUnitario', 'Valor unitário (R$)', 'short', true)}
            {field(i, 'unidade', 'Unidade')}
            {goods ? field(i, 'ncm', 'NCM (8 dígitos)', 'short', true) : null}
            {!service && !cte ? field(i, 'cfop', 'CFOP') : null}
            {!service && showCsosn ? field(i, 'csosn', 'CSOSN (Simples)') : null}
            {!service && showCst ? field(i, 'cst', 'CST (regime normal)') : null}
            {service ? field(i, 'codigoServico', 'Código de serviço (LC 116)') : null}
            {service ? field(i, 'aliquotaIss', 'Alíquota ISS (%)') : null}
          </div>
          {itens.length > 1 ? (
            <button type="button" onClick={() => onChange((list) => list.filter((__, j) => j !== i))}>
              Remover {cte ? 'componente' : 'item'} {i + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() => {
          onChange((list) => [...list, emptyItem()]);
          setTimeout(() => document.getElementById(`itens[${itens.length}].codigo`)?.focus(), 0);
        }}
      >
        {cte ? 'Adicionar componente' : 'Adicionar item'}
      </button>
    </fieldset>
  );
}
