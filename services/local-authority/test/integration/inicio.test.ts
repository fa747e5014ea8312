import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { freePort } from '../../../../scripts/stack/ports';
import { startChild, stopChild, tail, type Child } from '../../../../scripts/stack/processes';
import { stackEnv } from '../../../../test/support/env';
import { montarNfe } from '../support/nfe-fixture';
import { autorizar, novoEmissor, type Destino } from '../support/cliente';
import { consultar } from '../support/mensagens';

/**
 * The authority as a process: it refuses production, it keeps its registry in its own database across restarts, its
 * development CA is made once and kept, and without LOCAL_AUTHORITY_CONTROL_PORT there is no scenario control.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const ENTRADA = 'services/local-authority/src/main.ts';
const base = () => ({ PATH: process.env.PATH ?? '', MONGODB_URL: stackEnv.mongodbUrl, SESSION_JWT_SECRET: stackEnv.sessionSecret, LOG_LEVEL: 'info' });

describe('local-authority - process', () => {
  it('local-authority - refuses to start with NODE_ENV=production', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', ENTRADA], { cwd: ROOT, env: { ...base(), NODE_ENV: 'production', SESSION_JWKS_URL: 'https://idp.example.test/jwks', SESSION_JWT_SECRET: '' }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('the local authority is for development and tests only');
  });

  it('local-authority - its registry survives a restart (a query answers the same protocol, a resend 204), its CA is made once, and no control port is opened unless asked', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'autoridade-'));
    const db = `erp_local_authority_inicio_${process.pid}`;
    const [porta, portaTls] = [await freePort(), await freePort()];
    const iniciar = async (): Promise<Child> => {
      const filho = startChild('local-authority-inicio', process.execPath, ['--import', 'tsx', ENTRADA], {
        cwd: ROOT,
        logDir: dir,
        env: { ...base(), NODE_ENV: 'test', MONGODB_DB: db, PORT: String(porta), LOCAL_AUTHORITY_TLS_PORT: String(portaTls), LOCAL_AUTHORITY_DATA_DIR: path.join(dir, 'dados') },
      });
      for (let i = 0; i < 300 && !(await fetch(`http://127.0.0.1:${porta}/readyz`).then((r) => r.ok).catch(() => false)); i += 1) {
        if (!filho.alive()) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (!filho.alive()) throw new Error(tail(filho.logFile));
      return filho;
    };
    const destino: Destino = { url: `https://127.0.0.1:${portaTls}`, caFile: path.join(dir, 'dados', 'ca.pem') };
    const emissor = novoEmissor();
    const { xml, chave } = montarNfe({ cnpj: emissor.cnpj, numero: 1 });

    let filho = await iniciar();
    const ca = fs.readFileSync(destino.caFile, 'utf8');
    const autorizada = await autorizar(xml, emissor, 'NFE', destino);
    expect(autorizada.cStat).toBe('100');
    await stopChild(filho);

    filho = await iniciar();
    try {
      expect(fs.readFileSync(destino.caFile, 'utf8')).toBe(ca);
      expect(await consultar(emissor, chave, destino)).toMatchObject({ cStatNfe: '100', nProt: autorizada.nProt });
      expect(await autorizar(xml, emissor, 'NFE', destino)).toMatchObject({ cStat: '204', xMotivo: expect.stringContaining(autorizada.nProt!) });
      const log = fs.readFileSync(filho.logFile!, 'utf8');
      expect(log).toContain('local authority serving the NF-e 4.00 web services of homologation');
      expect(log).not.toContain('scenario control enabled');
    } finally {
      await stopChild(filho);
      const conexao = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: db }).asPromise();
      await conexao.dropDatabase();
      await conexao.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
