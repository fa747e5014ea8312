import type { CampoInvalido, ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import type { EmissaoValida } from './emission-input';

/**
 * What an NFS-e needs before a number is taken, besides the common settings: a provider with the city; for the
 * national one
 * the national service code and, for a regime-normal provider (the DPS's IBSCBS group), the NBS (Sefin's E0322);
 * and a document the DPS can carry: the tomador's name when there is a tomador (`toma/xNome` is required), and one
 * service (the DPS has one `serv`): every item of the same LC 116 item and ISS rate.
 */
export function configuracaoFaltandoNfse(settings: ConfiguracaoFiscalCompartilhada): string[] {
  const { nfse, empresa } = settings;
  const nacional = nfse.provedor === 'NACIONAL';
  return [
    !nfse.provedor && 'nfse.provedor',
    !nfse.codigoCidade && 'nfse.codigoCidade',
    nacional && !nfse.codigoServicoNacional && 'nfse.codigoServicoNacional',
    nacional && empresa.regimeTributario !== 'SIMPLES_NACIONAL' && !nfse.codigoNbs && 'nfse.codigoNbs',
    // ABRASF: the city's own web service, the company's endpoint.
    nfse.provedor && !nacional && !nfse.endpoint && 'nfse.endpoint',
    nfse.provedor && !nacional && !nfse.inscricaoMunicipal && 'nfse.inscricaoMunicipal',
  ].filter((campo): campo is string => typeof campo === 'string');
}

export function camposNaoTransmitidosNfse(emissao: EmissaoValida): CampoInvalido[] {
  const campos: CampoInvalido[] = [];
  if (emissao.destinatario && !emissao.destinatario.nome) {
    campos.push({ campo: 'destinatario.nome', regra: 'obrigatorio_nfse', erro: 'a NFS-e exige o nome do tomador do serviço' });
  }
  const [primeiro, ...resto] = emissao.itens;
  resto.forEach((item, i) => {
    if (item.codigoServico !== primeiro.codigoServico || item.aliquotaIss !== primeiro.aliquotaIss) {
      campos.push({ campo: `itens[${i + 1}]`, regra: 'um_servico_por_nfse', erro: 'uma NFS-e tem um só serviço: o mesmo codigoServico e aliquotaIss em todos os itens' });
    }
  });
  return campos;
}
