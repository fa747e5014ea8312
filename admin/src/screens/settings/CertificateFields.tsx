import { useRef, type RefObject } from 'react';
import { errorMessage } from '../../api/client';
import type { ConfiguracaoFiscal } from '../../api/operations/settings';
import { Field } from '../../components/Field';
import { formatDateTime } from '../../format';
import { maskCnpjCpf } from '../../masks';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { settingsFieldId } from './settings-form';
import type { SettingsBinding } from './settings-binding';

const FILE_FIELD = 'certificadoA1.arquivoBase64';

/** A file as base64, read in the browser. */
function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL gives a string: `data:<type>;base64,<bytes>`.
    reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('não foi possível ler o arquivo'));
    reader.readAsDataURL(file);
  });
}

/**
 * The A1 certificate: the stored one (holder, CNPJ, issuer, validity, days left, the expiry warning, a box to remove
 * it) and a new `.pfx` with its password. The file is read when picked; `onReading` says while, so no save goes
 * without it (or with the file picked before it: only the last file picked counts).
 */
export function CertificateFields(props: {
  bind: SettingsBinding;
  certificate: ConfiguracaoFiscal['certificadoA1'];
  fieldErrors: FieldErrors;
  fileInput: RefObject<HTMLInputElement | null>;
  onReading: (reading: boolean) => void;
}) {
  const { form, update, readOnly, errorFor } = props.bind;
  const { setErrors } = props.fieldErrors;
  const cert = props.certificate;
  const lastRead = useRef(0);

  function pick(file: File | undefined) {
    const read = ++lastRead.current;
    setErrors((list) => list.filter((l) => l.campo !== FILE_FIELD));
    update({ certificateFile: null });
    if (!file) return props.onReading(false);
    props.onReading(true);
    readFile(file)
      .then((base64) => read === lastRead.current && update({ certificateFile: { name: file.name, base64 } }))
      .catch((error: unknown) => read === lastRead.current && setErrors(() => [{ campo: FILE_FIELD, regra: 'leitura', erro: `Não foi possível ler o arquivo: ${errorMessage(error)}` }]))
      .finally(() => read === lastRead.current && props.onReading(false));
  }

  return (
    <fieldset disabled={readOnly} className="grupo">
      <legend>Certificado A1</legend>
      {cert ? (
        <div className={`certificado${cert.aviso || cert.diasParaExpirar <= 30 ? ' certificado-alerta' : ''}`} aria-labelledby="cert-titulo">
          <h3 id="cert-titulo">Certificado guardado</h3>
          <dl className="pares">
            <dt>Titular</dt>
            <dd>{cert.titular}</dd>
            <dt>CNPJ</dt>
            <dd>{maskCnpjCpf(cert.cnpj)}</dd>
            <dt>Emissor</dt>
            <dd>{cert.emissor}</dd>
            <dt>Número de série</dt>
            <dd>
              <code>{cert.numeroSerie}</code>
            </dd>
            <dt>Validade</dt>
            <dd>
              de {formatDateTime(cert.validoDe)} até {formatDateTime(cert.validoAte)} ({cert.diasParaExpirar >= 0 ? `${cert.diasParaExpirar} dias restantes` : 'expirado'})
            </dd>
            <dt>Senha do arquivo</dt>
            <dd aria-label="guardada, oculta">{cert.senha}</dd>
          </dl>
          {cert.aviso ? (
            <p className="alerta" role="note">
              {cert.aviso}
            </p>
          ) : null}
          <label className="opcao">
            <input type="checkbox" checked={form.removerCertificado} onChange={(e) => update({ removerCertificado: e.target.checked })} /> Remover o certificado guardado ao
            salvar
          </label>
        </div>
      ) : (
        <p>Nenhum certificado guardado.</p>
      )}
      <div className="grade">
        <Field id={settingsFieldId(FILE_FIELD)} label={cert ? 'Substituir por outro arquivo .pfx' : 'Arquivo .pfx'} error={errorFor(FILE_FIELD) ?? errorFor('certificadoA1')} help="Certificado A1 (PKCS#12), até 64 KiB. É guardado criptografado." width="long">
          {(a) => <input {...a} required={false} ref={props.fileInput} type="file" accept=".pfx,.p12,application/x-pkcs12" onChange={(e) => pick(e.target.files?.[0])} />}
        </Field>
        <Field id={settingsFieldId('certificadoA1.senha')} label="Senha do arquivo .pfx" error={errorFor('certificadoA1.senha')} help="Só com um arquivo novo. Nunca é mostrada depois de salva." width="medium">
          {(a) => <input {...a} required={false} type="password" autoComplete="new-password" value={form.certificatePassword} onChange={(e) => update({ certificatePassword: e.target.value })} />}
        </Field>
      </div>
    </fieldset>
  );
}
