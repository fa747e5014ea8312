import { Streams } from '@erp/contracts';
import { bootService, ensureStream, fiscalSettingsReader, offsetClock, readCeilingOf, startOutboxRelay } from '@erp/kit';
import { createUseCases } from './app';
import { startReconciliation } from './app/jobs/reconciliation';
import { startVoidingJob } from './app/jobs/voiding-job';
import { reportRefusedVoidings } from './app/metrics';
import type { EscolhaAutorizador } from './authorizer/authorizer';
import { CteAuthorizer } from './authorizer/cte-authorizer';
import { NfseAbrasfAuthorizer } from './authorizer/nfse-abrasf-authorizer';
import { NfseAuthorizer } from './authorizer/nfse-authorizer';
import { NfseNacionalAuthorizer } from './authorizer/nfse-nacional-authorizer';
import { SefazAuthorizer } from './authorizer/sefaz-authorizer';
import { readConfig, responsavelTecnicoDe } from './config';
import { prazoInutilizacao } from './domain/inutilizacao';
import { createResolvers } from './graphql/resolvers';
import { typeDefs } from './graphql/schema';
import { startAutomaticEmission } from './messaging/automatic-emission';
import { startFactRelay } from './messaging/fact-relay';
import { assinadorDaEmpresa, transmissor } from './messaging/sefaz-relay';
import { taxCalculator } from './messaging/tax-calculator';
import { FileLinks } from './app/file-links';
import { registerDocumentRoutes } from './rest/documents-routes';
import { registerCorrectionRoutes } from './rest/correction-routes';
import { registerFileLinkRoutes } from './rest/file-link-routes';
import { registerVoidingRoutes } from './rest/voiding-routes';
import { createDocumentsStore } from './store/documents-store';

const config = readConfig();

void bootService({
  name: 'fiscal-document',
  config,
  dbName: config.MONGODB_DB,
  setup: async ({ db, nc, app, log, verifySession }) => {
    await ensureStream(nc, Streams.fiscal, config.NATS_STREAM_REPLICAS);
    await ensureStream(nc, Streams.erp, config.NATS_STREAM_REPLICAS);
    const store = await createDocumentsStore(db, { maxTimeMS: config.FISCAL_QUERY_MAX_TIME_MS });
    // Each recorded fact carries its event; the relay publishes it, and first re-applies the fact to the
    // document, finishing a flip whose author died after recording it.
    const relay = await startFactRelay({ store, nc, log });
    // A voiding's outcome carries its event; the relay first marks the range's numbers INUTILIZADO (again, if
    // its author got that far), so the numbering never lags behind an announced voiding.
    const voidingRelay = await startOutboxRelay({
      collection: store.inutilizacoes,
      nc,
      log,
      name: 'fiscal-voidings',
      complete: async (inutilizacao) => {
        if (inutilizacao.situacao !== 'INUTILIZADA') return;
        const { companyId, ambiente, modelo, serie, de, ate } = inutilizacao;
        await store.markNumbersVoided({ companyId, ambiente, modelo, serie }, de, ate);
      },
    });
    const settings = fiscalSettingsReader(nc, config.NATS_REQUEST_TIMEOUT_MS, log);
    const clock = offsetClock(config.FISCAL_CLOCK_OFFSET_MS);
    // One path for the NF-e and NFC-e in every mode: built, validated against the official schema, signed through
    // settings and sent through its relay, which takes HOMOLOGAÇÃO to the local authority in development and tests
    // (services/local-authority) and PRODUÇÃO always to SEFAZ.
    const sefaz = new SefazAuthorizer({
      transmitir: transmissor(nc),
      assinador: (companyId) => assinadorDaEmpresa(nc, companyId, config.NATS_REQUEST_TIMEOUT_MS),
      settings,
      log,
      intervaloConsultaReciboMs: config.SEFAZ_RECEIPT_POLL_MS,
      maximoConsultasRecibo: config.SEFAZ_RECEIPT_POLLS,
      responsavelTecnico: responsavelTecnicoDe(config),
    });
    // The NFS-e takes the same path to Sefin Nacional (REST + JSON through the relay; the local authority's stand-in
    // in HOMOLOGAÇÃO), docs/nfse.md.
    // Or, by the company's provider, to the city's own ABRASF 2.04 web service (the company's endpoint).
    const opcoesNfse = {
      transmitir: transmissor(nc),
      assinador: (companyId: string, algoritmo: 'RSA-SHA1' | 'RSA-SHA256') => assinadorDaEmpresa(nc, companyId, config.NATS_REQUEST_TIMEOUT_MS, algoritmo),
      settings,
      log,
    };
    const nfse = new NfseAuthorizer(settings, new NfseNacionalAuthorizer(opcoesNfse), new NfseAbrasfAuthorizer(opcoesNfse));
    // The CT-e takes the same path to its own authorizer (docs/cte.md).
    const cte = new CteAuthorizer({ transmitir: transmissor(nc), assinador: (companyId) => assinadorDaEmpresa(nc, companyId, config.NATS_REQUEST_TIMEOUT_MS), settings, log });
    const authorizers: EscolhaAutorizador = (modelo) => {
      if (modelo === 'NFE' || modelo === 'NFCE') return sefaz;
      if (modelo === 'NFSE') return nfse;
      if (modelo === 'CTE') return cte;
      return null;
    };
    const fault = config.FISCAL_FAULT;
    const casos = createUseCases(
      {
        store,
        settings,
        taxes: taxCalculator(nc, config.NATS_REQUEST_TIMEOUT_MS),
        authorizers,
        announce: () => relay.flush(),
        log,
        clock,
        fault: fault
          ? (ponto) => {
              if (ponto !== fault) return;
              log.warn({ ponto }, 'fault injection: exiting');
              process.exit(86);
            }
          : undefined,
      },
      () => voidingRelay.flush(),
    );
    const reads = readCeilingOf('FISCAL', config, config.FISCAL_QUERY_MAX_TIME_MS);
    registerDocumentRoutes(app, casos, verifySession, reads);
    registerVoidingRoutes(app, casos, verifySession, reads);
    registerCorrectionRoutes(app, casos, verifySession, reads);
    registerFileLinkRoutes(app, await FileLinks.create(db, { reads: casos.reads, files: casos.files, clock }), verifySession, reads);
    reportRefusedVoidings(async () => {
      const { numeros, maisAntigo } = await store.refusedVoidingBacklog();
      return { numeros, prazoMaisProximo: maisAntigo ? prazoInutilizacao(maisAntigo) : null };
    });
    const automatic = await startAutomaticEmission({ nc, db, log, emission: casos.emission, settings });
    const reconciliation = startReconciliation({ store, authorization: casos.authorization, cancellation: casos.cancellation, correction: casos.correction, log, intervalMs: config.FISCAL_RECONCILE_INTERVAL_MS, clock });
    const voiding = startVoidingJob({ store, voiding: casos.voiding, log, intervalMs: config.FISCAL_VOIDING_INTERVAL_MS, graceMs: config.FISCAL_VOIDING_GRACE_MS, clock });
    return {
      typeDefs,
      resolvers: createResolvers(casos, reads),
      stops: [() => voiding.stop(), () => reconciliation.stop(), () => automatic.stop(), () => relay.stop(), () => voidingRelay.stop()],
    };
  },
});
