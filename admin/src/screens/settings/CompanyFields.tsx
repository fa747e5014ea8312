import { maskCep, maskCnpjCpf, maskIe } from '../../masks';
import { Options } from '../../components/Options';
import { UfOptions } from '../../components/UfSelect';
import { REGIMES } from '../../labels';
import type { TextPath } from './settings-form';
import { VENCIMENTOS } from './settings-form';
import type { SettingsBinding } from './settings-binding';

/** The issuing company: its identity and regime, its address, and its own tax due days. */
export function CompanyFields(props: { bind: SettingsBinding }) {
  const { readOnly, field, text, form } = props.bind;
  // CNPJ, IE and CEP are punctuated while typed (pt-BR); the API takes the punctuation and keeps the digits.
  const masked = (campo: TextPath, mask: (value: string) => string) => {
    const bound = text(campo);
    return { value: mask(bound.value), onChange: (e: { target: { value: string } }) => bound.onChange({ target: { value: mask(e.target.value) } }) };
  };
  return (
    <fieldset disabled={readOnly} className="grupo">
      <legend>Empresa emitente</legend>
      <div className="grade">
        {field('empresa.cnpj', 'CNPJ', (a) => <input {...a} {...masked('empresa.cnpj', maskCnpjCpf)} autoComplete="off" />, { help: 'Com ou sem pontuação; aceita o CNPJ alfanumérico.' })}
        {field('empresa.razaoSocial', 'Razão social', (a) => <input {...a} {...text('empresa.razaoSocial')} />, { width: 'long' })}
        {field('empresa.inscricaoEstadual', 'Inscrição estadual', (a) => <input {...a} {...masked('empresa.inscricaoEstadual', (v) => maskIe(v, form.texts['empresa.uf']))} />, { help: 'Dígitos, ou ISENTO.' })}
        {field(
          'empresa.uf',
          'UF',
          (a) => (
            <select {...a} {...text('empresa.uf')}>
              <UfOptions blank="—" />
            </select>
          ),
          { width: 'short' },
        )}
        {field('empresa.codigoMunicipio', 'Município (código IBGE)', (a) => <input {...a} inputMode="numeric" {...text('empresa.codigoMunicipio')} />, { help: '7 dígitos.' })}
        {field('empresa.regimeTributario', 'Regime tributário', (a) => (
          <select {...a} {...text('empresa.regimeTributario')}>
            <option value="">—</option>
            <Options choices={REGIMES} />
          </select>
        ))}
        {field('empresa.aliquotaDas', 'Alíquota efetiva do DAS (%)', (a) => <input {...a} inputMode="decimal" {...text('empresa.aliquotaDas')} />, { width: 'short', help: 'Só no Simples Nacional; padrão 6.' })}
      </div>
      <h3 className="subgrupo">Endereço (obrigatório para transmitir à SEFAZ)</h3>
      <div className="grade">
        {field('empresa.endereco.logradouro', 'Logradouro', (a) => <input {...a} {...text('empresa.endereco.logradouro')} />, { width: 'long' })}
        {field('empresa.endereco.numero', 'Número', (a) => <input {...a} {...text('empresa.endereco.numero')} />, { width: 'short' })}
        {field('empresa.endereco.complemento', 'Complemento', (a) => <input {...a} {...text('empresa.endereco.complemento')} />)}
        {field('empresa.endereco.bairro', 'Bairro', (a) => <input {...a} {...text('empresa.endereco.bairro')} />)}
        {field('empresa.endereco.municipio', 'Município (nome)', (a) => <input {...a} {...text('empresa.endereco.municipio')} />)}
        {field('empresa.endereco.cep', 'CEP', (a) => <input {...a} inputMode="numeric" {...masked('empresa.endereco.cep', maskCep)} />, { width: 'short', help: '8 dígitos.' })}
        {field('empresa.endereco.telefone', 'Telefone', (a) => <input {...a} inputMode="tel" {...text('empresa.endereco.telefone')} />, { help: 'De 6 a 14 dígitos.' })}
      </div>
      <h3 className="subgrupo">Vencimentos próprios</h3>
      <p className="ajuda-grupo">
        Em branco: ICMS no dia 10 e ISS no dia 15 do mês seguinte, prorrogados para o próximo dia útil; CBS, IBS e IS sem vencimento (não viram título a pagar). Usados na simulação de impostos.
      </p>
      <div className="grade">
        {VENCIMENTOS.map((tributo) => (
          <div key={tributo} className="grade">
            {field(`vencimentos.${tributo}.dia`, `${tributo.toUpperCase()}: dia`, (a) => <input {...a} inputMode="numeric" {...text(`vencimentos.${tributo}.dia`)} />, { width: 'short', help: 'De 1 a 31.' })}
            {field(`vencimentos.${tributo}.ajuste`, `${tributo.toUpperCase()}: em dia não útil`, (a) => (
              <select {...a} {...text(`vencimentos.${tributo}.ajuste`)}>
                <option value="PRORROGAR">prorrogar (próximo dia útil)</option>
                <option value="ANTECIPAR">antecipar (dia útil anterior)</option>
              </select>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
