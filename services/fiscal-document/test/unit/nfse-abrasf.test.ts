import { validarXml } from '@erp/fiscal-schemas';
import { cancelarNfseEnvio, consultarNfseRpsEnvio, envelopeAbrasf, gerarNfseEnvio, saidaAbrasf, type DadosRps } from '../../src/xml/nfse/abrasf/mensagens';
import { PERFIS_ABRASF } from '../../src/xml/nfse/abrasf/perfis';
import { assinadorDeForma, assinarXml } from '../../src/xml/signature';

const rps: DadosRps = {
  serie: 1,
  numero: 7,
  emitidoEm: new Date('2026-11-20T13:05:09Z'),
  competencia: '2026-11-20',
  cnpj: '11222333000181',
  inscricaoMunicipal: '0012345001',
  codigoMunicipio: '3106200',
  itemListaServico: '01.07',
  discriminacao: 'Suporte técnico',
  valorCentavos: 120000,
  aliquotaIss: 2,
  simplesNacional: false,
  tomador: { tipo: 'CNPJ', documento: '20695448000184', nome: 'Cliente Servicos Ltda' },
};

describe('nfs-e ABRASF 2.04 messages - official schema', () => {
  it('nfse abrasf - GerarNfseEnvio (signed RPS), ConsultarNfseRpsEnvio and CancelarNfseEnvio (signed) are within nfse_v204.xsd', async () => {
    const gerar = await assinarXml(gerarNfseEnvio(rps), 'InfDeclaracaoPrestacaoServico', assinadorDeForma);
    expect(await validarXml('nfse-abrasf-2.04', 'nfse_v204.xsd', gerar)).toEqual({ ok: true });
    expect(await validarXml('nfse-abrasf-2.04', 'nfse_v204.xsd', consultarNfseRpsEnvio(rps))).toEqual({ ok: true });
    const cancelar = await assinarXml(cancelarNfseEnvio({ numeroNfse: '15', cnpj: rps.cnpj, inscricaoMunicipal: rps.inscricaoMunicipal, codigoMunicipio: rps.codigoMunicipio, codigo: '1' }), 'InfPedidoCancelamento', assinadorDeForma);
    expect(await validarXml('nfse-abrasf-2.04', 'nfse_v204.xsd', cancelar)).toEqual({ ok: true });
  });

  it('nfse abrasf - the plain profile: SOAP 1.1 envelope with nfseCabecMsg and nfseDadosMsg as strings; outputXML read escaped or as CDATA', () => {
    const perfil = PERFIS_ABRASF.ABRASF_2_04;
    const envelope = envelopeAbrasf(perfil, 'GerarNfse', '<?xml version="1.0"?><GerarNfseEnvio/>');
    expect(envelope).toContain('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">');
    expect(envelope).toContain('<ws:GerarNfseRequest xmlns:ws="http://nfse.abrasf.org.br">');
    expect(envelope).toContain('<nfseDadosMsg>&lt;GerarNfseEnvio/&gt;</nfseDadosMsg>');
    expect(perfil.soapAction('GerarNfse')).toBe('http://nfse.abrasf.org.br/GerarNfse');
    expect(saidaAbrasf('<x:outputXML>&lt;a b=&quot;1&quot;/&gt;</x:outputXML>')).toBe('<a b="1"/>');
    expect(saidaAbrasf('<outputXML><![CDATA[<a/>]]></outputXML>')).toBe('<a/>');
  });

  it('nfse abrasf - the GISS profile differs only by data: its header namespace and CDATA messages', () => {
    const envelope = envelopeAbrasf(PERFIS_ABRASF.GISS_2_04, 'GerarNfse', '<GerarNfseEnvio/>');
    expect(envelope).toContain('<nfseCabecMsg><![CDATA[<?xml version="1.0" encoding="UTF-8"?><cabecalho xmlns="http://www.giss.com.br/cabecalho-v2_04.xsd" versao="2.04">');
    expect(envelope).toContain('<nfseDadosMsg><![CDATA[<?xml version="1.0" encoding="UTF-8"?><GerarNfseEnvio/>]]></nfseDadosMsg>');
    expect(saidaAbrasf(envelope.replace('nfseDadosMsg>', 'outputXML>').replace('</nfseDadosMsg>', '</outputXML>'))).toContain('<GerarNfseEnvio/>');
  });
});
