import fs from 'node:fs';
import https from 'node:https';
import { gunzipSync, gzipSync } from 'node:zlib';
import { validarXml } from '@erp/fiscal-schemas';
import { assinar, novoEmissor, type Emissor } from '../support/cliente';

/**
 * The Sefin Nacional stand-in called as the settings relay calls it (REST + JSON over mutual TLS), with a DPS signed by
 * xml-crypto (an implementation independent of our signer): the same DPS sent three times at once gives one NFS-e and
 * two E0014 (the unique insert), the recovery by DPS Id, another issuer's certificate refused, a DPS changed after
 * signing refused with E0714.
 */
const BASE = () => `${process.env.TEST_LOCAL_AUTHORITY_URL}/sefin/SefinNacional`;

function sefin(metodo: string, caminho: string, emissor: Emissor | null, corpo?: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const dados = corpo === undefined ? undefined : Buffer.from(JSON.stringify(corpo));
    const req = https.request(
      `${BASE()}${caminho}`,
      {
        method: metodo,
        ca: fs.readFileSync(process.env.TEST_LOCAL_AUTHORITY_CA_FILE!),
        ...(emissor ? { key: emissor.chavePem, cert: emissor.certificadoPem } : {}),
        headers: dados ? { 'content-type': 'application/json', 'content-length': String(dados.length) } : {},
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (p: Buffer) => partes.push(p));
        res.on('end', () => {
          const texto = Buffer.concat(partes).toString('utf8');
          let json: unknown = texto;
          try {
            json = JSON.parse(texto);
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(dados);
  });
}

function dps(cnpj: string, numero: number): { id: string; xml: string } {
  const id = `DPS35503082${cnpj}00001${String(numero).padStart(15, '0')}`;
  const xml =
    `<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infDPS Id="${id}"><tpAmb>2</tpAmb><dhEmi>${new Date(Date.now() - 3 * 3600_000 - 60_000).toISOString().slice(0, 19)}-03:00</dhEmi>` +
    `<verAplic>teste</verAplic><serie>1</serie><nDPS>${numero}</nDPS><dCompet>${new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10)}</dCompet><tpEmit>1</tpEmit><cLocEmi>3550308</cLocEmi>` +
    `<prest><CNPJ>${cnpj}</CNPJ><regTrib><opSimpNac>1</opSimpNac><regEspTrib>0</regEspTrib></regTrib></prest>` +
    `<serv><locPrest><cLocPrestacao>3550308</cLocPrestacao></locPrest><cServ><cTribNac>010701</cTribNac><xDescServ>Suporte</xDescServ><cNBS>115021000</cNBS></cServ></serv>` +
    `<valores><vServPrest><vServ>100.00</vServ></vServPrest><trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN><pAliq>2.00</pAliq></tribMun><totTrib><indTotTrib>0</indTotTrib></totTrib></trib></valores>` +
    `<IBSCBS><finNFSe>0</finNFSe><cIndOp>020101</cIndOp><indDest>0</indDest><valores><trib><gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></gIBSCBS></trib></valores></IBSCBS></infDPS></DPS>`;
  return { id, xml };
}

const corpo = (xml: string) => ({ dpsXmlGZipB64: gzipSync(Buffer.from(xml)).toString('base64') });

describe('sefin stand-in - Sefin Nacional API over mutual TLS', () => {
  it('sefin - the same DPS three times at once: one NFS-e (201, valid NFSe_v1.01.xsd), two E0014 with the DPS Id; GET /dps/{id} gives the winner\'s key', async () => {
    const emissor = novoEmissor();
    const { id, xml } = dps(emissor.cnpj, 1);
    const assinado = assinar(xml, 'infDPS', emissor);
    const respostas = await Promise.all([1, 2, 3].map(() => sefin('POST', '/nfse', emissor, corpo(assinado))));
    const criadas = respostas.filter((r) => r.status === 201);
    expect(criadas).toHaveLength(1);
    expect(respostas.filter((r) => r.status === 400).map((r) => [r.json.erros[0].codigo, r.json.idDPS])).toEqual([['E0014', id], ['E0014', id]]);
    const chave = criadas[0].json.chaveAcesso as string;
    expect(chave).toMatch(new RegExp(`^355030822${emissor.cnpj}\\d{27}$`));
    const nfse = gunzipSync(Buffer.from(criadas[0].json.nfseXmlGZipB64, 'base64')).toString('utf8');
    expect(await validarXml('nfse-nacional-1.01', 'NFSe_v1.01.xsd', nfse)).toEqual({ ok: true });
    expect(await sefin('GET', `/dps/${id}`, emissor)).toEqual({ status: 200, json: { idDps: id, chaveAcesso: chave } });
    expect((await sefin('GET', `/dps/${dps(emissor.cnpj, 2).id}`, emissor)).status).toBe(404);
    expect((await sefin('GET', `/nfse/${chave}`, novoEmissor())).status).toBe(403);
    expect((await sefin('GET', `/nfse/${chave}`, null)).status).toBe(403);
  }, 60_000);

  it('sefin - a DPS changed after signing is refused with E0714; out of the schema with E1235; IBSCBS without cNBS with E0322', async () => {
    const emissor = novoEmissor();
    const assinado = assinar(dps(emissor.cnpj, 1).xml, 'infDPS', emissor);
    const alterado = await sefin('POST', '/nfse', emissor, corpo(assinado.replace('<vServ>100.00</vServ>', '<vServ>10.00</vServ>')));
    expect([alterado.status, alterado.json.erros[0].codigo]).toEqual([400, 'E0714']);
    const foraDoSchema = await sefin('POST', '/nfse', emissor, corpo(assinado.replace('<cTribNac>010701</cTribNac>', '<cTribNac>0107</cTribNac>')));
    expect([foraDoSchema.status, foraDoSchema.json.erros[0].codigo]).toEqual([400, 'E1235']);
    const semNbs = assinar(dps(emissor.cnpj, 3).xml.replace('<cNBS>115021000</cNBS>', ''), 'infDPS', emissor);
    const r = await sefin('POST', '/nfse', emissor, corpo(semNbs));
    expect([r.status, r.json.erros[0].codigo]).toEqual([400, 'E0322']);
  }, 60_000);
});
