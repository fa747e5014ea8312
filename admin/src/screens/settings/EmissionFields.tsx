import { AMBIENTES } from '../../labels';
import { settingsFieldId } from './settings-form';
import type { SettingsBinding } from './settings-binding';
import { Options } from '../../components/Options';

/** Emission with SEFAZ: environment, series, timeout, automatic emission, and the company's own cancellation deadlines. */
export function EmissionFields(props: { bind: SettingsBinding }) {
  const { form, update, readOnly, field, text } = props.bind;
  return (
    <fieldset disabled={readOnly} className="grupo">
      <legend>Emissão (SEFAZ)</legend>
      <div className="grade">
        {field('ambiente', 'Ambiente', (a) => (
          <select {...a} {...text('ambiente')}>
            <Options choices={AMBIENTES} />
          </select>
        ))}
        {field('seriePadrao', 'Série padrão', (a) => <input {...a} inputMode="numeric" {...text('seriePadrao')} />, { width: 'short', help: 'De 0 a 999.' })}
        {field('series', 'Séries em uso', (a) => <input {...a} {...text('series')} />, { help: 'Separadas por vírgula; incluem a série padrão.' })}
        {field('timeoutSegundos', 'Timeout (segundos)', (a) => <input {...a} inputMode="numeric" {...text('timeoutSegundos')} />, { width: 'short', help: 'Espera pela resposta da SEFAZ, de 5 a 120.' })}
      </div>
      <label className="opcao">
        <input type="checkbox" id={settingsFieldId('emissaoAutomatica')} checked={form.emissaoAutomatica} onChange={(e) => update({ emissaoAutomatica: e.target.checked })} /> Emissão
        automática: a NF-e vai à SEFAZ quando o pedido é faturado
      </label>
      <h3 className="subgrupo">Prazos de cancelamento próprios</h3>
      <p className="ajuda-grupo">Em branco: o prazo legal. Nenhum pode passar do máximo legal. O da NFS-e fica no grupo da NFS-e.</p>
      <div className="grade">
        {field('prazosCancelamento.nfeHoras', 'NF-e (horas)', (a) => <input {...a} inputMode="numeric" {...text('prazosCancelamento.nfeHoras')} />, { width: 'short', help: 'De 1 a 24.' })}
        {field('prazosCancelamento.nfceMinutos', 'NFC-e (minutos)', (a) => <input {...a} inputMode="numeric" {...text('prazosCancelamento.nfceMinutos')} />, { width: 'short', help: 'De 1 a 30.' })}
        {field('prazosCancelamento.cteHoras', 'CT-e (horas)', (a) => <input {...a} inputMode="numeric" {...text('prazosCancelamento.cteHoras')} />, { width: 'short', help: 'De 1 a 168; padrão 24.' })}
      </div>
    </fieldset>
  );
}
