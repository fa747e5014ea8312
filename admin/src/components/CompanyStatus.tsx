import type { EstadoEmpresa } from '../api/operations/settings';
import { formatDateTime } from '../format';

/** From how many days before its expiry the certificate's warning shows on every screen. */
export const CERTIFICATE_WARNING_DAYS = 30;

/** The environment every document is issued in, in the header of every screen: PRODUÇÃO documents have fiscal value. */
export function EnvironmentBadge(props: { company: EstadoEmpresa | null }) {
  if (!props.company) return null;
  const production = props.company.ambiente === 'PRODUÇÃO';
  return (
    <span className={`selo-ambiente ${production ? 'selo-producao' : 'selo-homologacao'}`}>
      Ambiente: <strong>{production ? 'PRODUÇÃO' : 'Homologação'}</strong>
      {production ? ' — documentos com valor fiscal' : ' — testes, sem valor fiscal'}
    </span>
  );
}

/** The A1 certificate's warning, on every screen from 30 days before it expires (and once it has). */
export function CertificateBanner(props: { company: EstadoEmpresa | null }) {
  const certificate = props.company?.certificadoA1;
  if (!certificate || certificate.diasParaExpirar > CERTIFICATE_WARNING_DAYS) return null;
  const days = certificate.diasParaExpirar;
  const when = formatDateTime(certificate.validoAte);
  return (
    <div className="aviso-certificado" role="status">
      {days < 0 ? (
        <>
          <strong>O certificado A1 venceu</strong> em {when}: nenhum documento é emitido até um novo ser enviado.{' '}
        </>
      ) : (
        <>
          <strong>
            O certificado A1 vence {days === 0 ? 'hoje' : `em ${days} ${days === 1 ? 'dia' : 'dias'}`}
          </strong>{' '}
          ({when}). Depois disso nenhum documento é emitido.{' '}
        </>
      )}
      <a href="#/configuracoes">Enviar o novo certificado</a>
    </div>
  );
}
