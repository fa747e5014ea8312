import { montarChave } from '../../src/domain/access-key';
import { qrCodeNfce } from '../../src/domain/qrcode';
import type { DadosNfe } from '../../src/xml/nfe';

/** An NF-e (to a taxpayer in RJ) or NFC-e of a Simples Nacional (CRT 1) or regime-normal (CRT 3) issuer in SP. */
export const emitidoEm = new Date('2026-11-20T13:05:09Z');
export function dados(modelo: 'NFE' | 'NFCE', crt: '1' | '3'): DadosNfe {
  const chave = montarChave({ cUF: '35', emitidoEm, cnpj: '11222333000181', modelo, serie: 1, numero: 7, cnf: '12345670' });
  return {
    chave,
    modelo,
    ambiente: 'HOMOLOGAÇÃO',
    emitidoEm,
    naturezaOperacao: 'VENDA',
    emitente: {
      cnpj: '11222333000181',
      razaoSocial: 'Empresa Teste — Ltda',
      inscricaoEstadual: '110042490114',
      crt,
      endereco: { logradouro: 'Rua A', numero: '10', complemento: null, bairro: 'Centro', codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP', cep: '01001000', telefone: null },
    },
    destinatario:
      modelo === 'NFE'
        ? {
            documento: '20695448000184', tipoDocumento: 'CNPJ', nome: 'Cliente', uf: 'RJ', codigoMunicipio: '3304557', inscricaoEstadual: '12345678',
            endereco: { logradouro: 'Avenida Rio Branco', numero: '156', complemento: 'Sala 1', bairro: 'Centro', municipio: 'Rio de Janeiro', cep: '20040003', telefone: '2122223333' },
          }
        : null,
    itens: [
      {
        codigo: 'P1',
        descricao: 'Cadeira',
        ncm: '94013000',
        cfop: modelo === 'NFE' ? '6102' : '5102',
        unidade: 'UN',
        quantidade: 2,
        valorUnitario: 250.5,
        valorCentavos: 50100,
        cst: crt === '3' ? '00' : null,
        csosn: crt === '1' ? '102' : null,
        impostos:
          crt === '3'
            ? [
                { tributo: 'ICMS', baseCentavos: 50100, aliquota: 12, valorCentavos: 6012, informativo: false },
                { tributo: 'PIS', baseCentavos: 44088, aliquota: 0.65, valorCentavos: 287, informativo: false },
                { tributo: 'COFINS', baseCentavos: 44088, aliquota: 3, valorCentavos: 1323, informativo: false },
                { tributo: 'IPI', baseCentavos: 50100, aliquota: 5, valorCentavos: 2505, informativo: false },
                { tributo: 'CBS', baseCentavos: 42478, aliquota: 0.9, valorCentavos: 382, informativo: true },
                { tributo: 'IBS_UF', baseCentavos: 42478, aliquota: 0.1, valorCentavos: 42, informativo: true },
                { tributo: 'IBS_MUN', baseCentavos: 42478, aliquota: 0, valorCentavos: 0, informativo: true },
              ]
            : [],
      },
    ],
    chaveCteReferenciada: modelo === 'NFE' ? '32171232438772000104570010001990751153183825' : null,
    informacoesComplementares: null,
    responsavelTecnico: null,
    qrCode: modelo === 'NFCE' ? qrCodeNfce(chave, 'SP', 'HOMOLOGAÇÃO') : null,
  };
}
