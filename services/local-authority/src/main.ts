import { closeMongo, connectMongo, createHttpApp, createLogger, enableProcessMetrics, isMongoReady, runService } from '@erp/kit';
import { encerrarValidador, validarXml } from '@erp/fiscal-schemas';
import { Autoridade } from './app/autoridade';
import { Cenarios } from './app/cenarios';
import { readConfig } from './config';
import { iniciarControle } from './http/controle';
import { iniciarServidorTls } from './http/servidor';
import { AbrasfStandIn } from './abrasf/abrasf';
import { abrirRegistroAbrasf } from './abrasf/registro-abrasf';
import { abrirRegistroSefin } from './sefin/registro-sefin';
import { SefinNacional } from './sefin/sefin-nacional';
import { abrirRegistro } from './store/registro';
import { materialTls } from './tls/autoridade-certificadora';

/** Root schemas of every message served, compiled at start (a broken package fails here, not at the first request). */
const SCHEMAS = ['nfe_v4.00.xsd', 'enviNFe_v4.00.xsd', 'consReciNFe_v4.00.xsd', 'consSitNFe_v4.00.xsd', 'envEvento_v1.00.xsd', 'e110110_v1.00.xsd', 'e110111_v1.00.xsd', 'e110112_v1.00.xsd', 'inutNFe_v4.00.xsd', 'consStatServ_v4.00.xsd'];

/** The CT-e stand-in's root schemas (src/cte). */
const SCHEMAS_CTE = ['cte_v4.00.xsd', 'cteModalRodoviario_v4.00.xsd', 'consSitCTe_v4.00.xsd', 'eventoCTe_v4.00.xsd', 'evCancCTe_v4.00.xsd', 'evCCeCTe_v4.00.xsd'];

const config = readConfig();
const log = createLogger('local-authority', config.LOG_LEVEL);
enableProcessMetrics('local-authority');

void runService(log, async () => {
  const db = await connectMongo(config.MONGODB_URL, config.MONGODB_DB, log);
  const registro = await abrirRegistro(db);
  for (const schema of SCHEMAS) await validarXml('nfe-PL_010_V1.30', schema, '<compilar/>');
  for (const schema of SCHEMAS_CTE) await validarXml('cte-PL_CTe_400_RTC', schema, '<compilar/>');
  const cenarios = new Cenarios();
  const tls = materialTls(config.LOCAL_AUTHORITY_DATA_DIR);
  for (const schema of ['DPS_v1.01.xsd', 'pedRegEvento_v1.01.xsd']) await validarXml('nfse-nacional-1.01', schema, '<compilar/>');
  await validarXml('nfse-abrasf-2.04', 'nfse_v204.xsd', '<compilar/>');
  const abrasf = new AbrasfStandIn(await abrirRegistroAbrasf(db), cenarios, tls);
  const sefin = new SefinNacional(await abrirRegistroSefin(db), cenarios, tls, log);
  const servidor = await iniciarServidorTls(new Autoridade(registro, cenarios, log), tls, config.HOST, config.LOCAL_AUTHORITY_TLS_PORT, log, { sefin, abrasf });
  const controle = config.LOCAL_AUTHORITY_CONTROL_PORT === undefined ? null : await iniciarControle(registro, cenarios, config.HOST, config.LOCAL_AUTHORITY_CONTROL_PORT, log);
  if (controle) log.warn({ url: controle.url }, 'scenario control enabled (LOCAL_AUTHORITY_CONTROL_PORT)');
  const app = createHttpApp({ log, readiness: [{ name: 'mongodb', ready: () => isMongoReady(db) }] });
  await app.listen({ host: config.HOST, port: config.PORT });
  log.info({ url: servidor.url, caFile: tls.caFile }, 'local authority serving the NF-e 4.00 web services of homologation');
  return [() => closeMongo(db), () => encerrarValidador(), ...(controle ? [controle.stop] : []), servidor.stop, () => app.close()];
});
