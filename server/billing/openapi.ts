import {
  COMPETENCE_PATTERN,
  INVOICE_NUMBER_PATTERN,
  MAX_INVOICE_CENTAVOS,
  MAX_INVOICE_LINES,
} from "@domain/billing/invoice-input.ts";
import { STORED_INVOICE_STATUSES } from "@domain/billing/invoice-status.ts";
import { CONNECTION_STATUSES } from "@domain/portal/integrations.ts";
import { MAX_NFSE_PDF_BYTES, MAX_NFSE_XML_BYTES } from "./nfse.ts";

/**
 * The OpenAPI 3.1 document of the machine API (decision 096; DESIGN: contracts), served at
 * /api/billing/openapi.json: the billing system's invoices and the platform's integration
 * statuses, both with `Authorization: Bearer <key>`. Written by hand beside the code it describes:
 * the patterns and limits are the validation's own constants, and the integration tests check real
 * answers against these schemas.
 */

const day = { type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$", examples: ["2026-12-10"] };
const centavos = {
  type: "integer",
  minimum: -MAX_INVOICE_CENTAVOS,
  maximum: MAX_INVOICE_CENTAVOS,
  description: "Valor em centavos, inteiro (R$ 1.234,56 é 123456). Nunca um número com casas decimais.",
};
const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const invoiceContent = { "application/json": { schema: { $ref: "#/components/schemas/Invoice" } } };
const numberParameter = {
  name: "number",
  in: "path",
  required: true,
  description: "O número da fatura, como enviado na criação.",
  schema: { type: "string", pattern: INVOICE_NUMBER_PATTERN.source },
};

/** The answers every authenticated operation may give besides its own. */
const authErrors = {
  "401": {
    description: "Sem chave de API, ou chave inválida ou revogada.",
    headers: { "WWW-Authenticate": { schema: { type: "string" }, description: 'Bearer realm="billing"' } },
    content: errorContent,
  },
  "403": { description: "A chave não tem o escopo exigido.", content: errorContent },
  "429": { description: "Escritas demais deste endereço por minuto.", content: errorContent },
};

export function billingOpenApi(baseUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Vértice — API do faturamento e da plataforma",
      version: "1.0.0",
      description: [
        "API usada pelos sistemas da Vértice: o faturamento cria faturas de clientes (por CNPJ), marca-as",
        "pagas ou canceladas e anexa a NFS-e; a plataforma informa o estado das integrações de cada empresa.",
        "Autenticação: `Authorization: Bearer <chave>`, chaves criadas pela equipe em Administração →",
        "Configurações → Chaves de API ou por `npm run apikey:create -- --name N --scope billing|platform`.",
        "Erros: JSON `{ message, fieldErrors? }` em português; `fieldErrors` nomeia cada campo recusado",
        "pelo seu caminho (`lines.0.amountCentavos`). Valores em centavos inteiros; datas AAAA-MM-DD",
        "(dias em America/Sao_Paulo).",
      ].join(" "),
    },
    servers: [{ url: baseUrl }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "faturas", description: "Escopo `billing`." },
      { name: "integrações", description: "Escopo `platform`." },
    ],
    paths: {
      "/api/billing/invoices": {
        post: {
          tags: ["faturas"],
          operationId: "createInvoice",
          summary: "Cria uma fatura (idempotente pelo número)",
          description: [
            "Cria a fatura, em aberto, para a empresa do CNPJ. Reenviar o mesmo `number` responde 200 com a",
            "fatura já gravada e não altera nada, mesmo que o resto do corpo seja diferente (ou inválido): só o",
            "número é conferido. Compare a resposta com o que enviou. A soma das linhas deve ser igual a `amountCentavos`; a linha digitável do boleto,",
            "quando enviada, tem os dígitos verificadores conferidos e, se trouxer valor, deve trazer o da fatura.",
          ].join(" "),
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/InvoiceInput" } } },
          },
          responses: {
            "201": {
              description: "Fatura criada.",
              headers: { Location: { schema: { type: "string" } } },
              content: invoiceContent,
            },
            "200": {
              description: "Já existia uma fatura com este número: ela, sem alteração.",
              content: invoiceContent,
            },
            "400": { description: "O corpo não é JSON.", content: errorContent },
            ...authErrors,
            "413": { description: "Corpo grande demais (64 KB).", content: errorContent },
            "415": { description: "O corpo não é application/json.", content: errorContent },
            "422": {
              description:
                "Campos inválidos (em `fieldErrors`): formato, valores não inteiros, soma das linhas, boleto, CNPJ sem empresa cadastrada.",
              content: errorContent,
            },
          },
        },
      },
      "/api/billing/invoices/{number}": {
        parameters: [numberParameter],
        get: {
          tags: ["faturas"],
          operationId: "getInvoice",
          summary: "Lê uma fatura",
          responses: {
            "200": { description: "A fatura.", content: invoiceContent },
            ...authErrors,
            "404": { description: "Fatura não encontrada.", content: errorContent },
          },
        },
        patch: {
          tags: ["faturas"],
          operationId: "setInvoiceStatus",
          summary: "Marca a fatura paga ou cancelada",
          description: [
            "Só uma fatura em aberto muda de situação. Pedir de novo a situação em que ela já está (a mesma",
            "data de pagamento) responde 200 sem alteração; paga e cancelada são finais: qualquer outra",
            "mudança responde 409. `paidOn` não pode ser posterior a hoje (America/Sao_Paulo).",
          ].join(" "),
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/InvoiceStatusChange" } } },
          },
          responses: {
            "200": { description: "A fatura, na nova situação.", content: invoiceContent },
            "400": { description: "O corpo não é JSON.", content: errorContent },
            ...authErrors,
            "404": { description: "Fatura não encontrada.", content: errorContent },
            "409": { description: "A fatura já está paga ou cancelada.", content: errorContent },
            "415": { description: "O corpo não é application/json.", content: errorContent },
            "422": { description: "Campos inválidos (em `fieldErrors`).", content: errorContent },
          },
        },
      },
      "/api/billing/invoices/{number}/nfse": {
        parameters: [numberParameter],
        put: {
          tags: ["faturas"],
          operationId: "attachNfse",
          summary: "Anexa a NFS-e da fatura",
          description: [
            "multipart/form-data com os campos `number` e `verificationCode` e os arquivos `pdf` e/ou `xml`",
            `(PDF de até ${MAX_NFSE_PDF_BYTES / 1024 / 1024} MB, conferido pela assinatura %PDF; XML bem formado`,
            `em UTF-8, sem DOCTYPE, de até ${MAX_NFSE_XML_BYTES / 1024 / 1024} MB). Os arquivos são conferidos pelo`,
            "conteúdo, nunca pelo nome. Substitui a NFS-e anterior: número, código e arquivos passam a ser os",
            "deste envio (um arquivo não enviado deixa de constar).",
          ].join(" "),
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: { $ref: "#/components/schemas/NfseUpload" },
                encoding: {
                  pdf: { contentType: "application/pdf" },
                  xml: { contentType: "application/xml" },
                },
              },
            },
          },
          responses: {
            "200": { description: "A fatura, com a NFS-e.", content: invoiceContent },
            "400": { description: "O corpo multipart não pôde ser lido.", content: errorContent },
            ...authErrors,
            "404": { description: "Fatura não encontrada.", content: errorContent },
            "413": { description: "Corpo grande demais.", content: errorContent },
            "415": { description: "O corpo não é multipart/form-data.", content: errorContent },
            "422": {
              description: "Campos ou arquivos inválidos (`number`, `verificationCode`, `pdf`, `xml`).",
              content: errorContent,
            },
          },
        },
      },
      "/api/platform/companies/{cnpj}/integrations/{integrationId}": {
        parameters: [
          {
            name: "cnpj",
            in: "path",
            required: true,
            description: "CNPJ da empresa, com ou sem pontuação.",
            schema: { type: "string" },
          },
          {
            name: "integrationId",
            in: "path",
            required: true,
            description: "O id da integração no catálogo (documento integrations-data).",
            schema: { type: "string" },
          },
        ],
        put: {
          tags: ["integrações"],
          operationId: "reportIntegration",
          summary: "Informa o estado de uma integração da empresa (escopo platform)",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  additionalProperties: false,
                  required: ["status"],
                  properties: {
                    status: { type: "string", enum: [...CONNECTION_STATUSES] },
                    lastSync: { type: ["string", "null"], format: "date-time" },
                    detail: { type: ["string", "null"], maxLength: 500 },
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "A conexão, como gravada.",
              content: { "application/json": { schema: { type: "object" } } },
            },
            "400": { description: "Corpo inválido.", content: errorContent },
            ...authErrors,
            "404": { description: "Empresa ou integração desconhecida.", content: errorContent },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "Chave de API (`vk_billing_…` ou `vk_platform_…`), mostrada uma única vez ao ser criada.",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string", description: "O que houve, em português." },
            fieldErrors: {
              type: "object",
              description: "Campo (caminho com pontos) → motivo da recusa.",
              additionalProperties: { type: "string" },
            },
          },
        },
        InvoiceLine: {
          type: "object",
          required: ["description", "amountCentavos"],
          properties: {
            description: { type: "string", minLength: 1, maxLength: 200 },
            amountCentavos: {
              ...centavos,
              description: "Valor da linha em centavos; negativo para um desconto.",
            },
          },
        },
        InvoiceInput: {
          type: "object",
          required: ["number", "cnpj", "competence", "issuedOn", "dueOn", "amountCentavos", "lines"],
          properties: {
            number: {
              type: "string",
              pattern: INVOICE_NUMBER_PATTERN.source,
              description: "Número da fatura, único para o emissor; chave da idempotência.",
              examples: ["2026-000123"],
            },
            cnpj: {
              type: "string",
              description: "CNPJ da empresa cliente (numérico ou alfanumérico), com ou sem pontuação.",
              examples: ["11.222.333/0001-81"],
            },
            competence: { type: "string", pattern: COMPETENCE_PATTERN.source, examples: ["2026-11"] },
            issuedOn: { ...day, description: "Data de emissão." },
            dueOn: { ...day, description: "Vencimento (não anterior à emissão)." },
            amountCentavos: {
              ...centavos,
              minimum: 1,
              description: "Total da fatura em centavos, maior que zero.",
            },
            lines: {
              type: "array",
              minItems: 1,
              maxItems: MAX_INVOICE_LINES,
              items: { $ref: "#/components/schemas/InvoiceLine" },
              description: "O que a fatura cobra; a soma deve ser igual a amountCentavos.",
            },
            boletoLine: {
              type: ["string", "null"],
              maxLength: 80,
              description:
                "Linha digitável do boleto bancário (47 dígitos, com ou sem pontuação), dígitos verificadores conferidos. Boletos de arrecadação (48 dígitos) não são aceitos.",
              examples: ["00190.00009 01149.718601 68524.522114 6 75860000102656"],
            },
          },
        },
        InvoiceStatusChange: {
          oneOf: [
            {
              type: "object",
              required: ["status", "paidOn"],
              properties: { status: { const: "paid" }, paidOn: { ...day, description: "Dia do pagamento." } },
            },
            { type: "object", required: ["status"], properties: { status: { const: "cancelled" } } },
          ],
        },
        NfseUpload: {
          type: "object",
          required: ["number", "verificationCode"],
          properties: {
            number: { type: "string", minLength: 1, maxLength: 60, description: "Número da NFS-e." },
            verificationCode: {
              type: "string",
              minLength: 1,
              maxLength: 60,
              description: "Código de verificação.",
            },
            pdf: { type: "string", contentMediaType: "application/pdf", description: "O PDF da NFS-e." },
            xml: { type: "string", contentMediaType: "application/xml", description: "O XML da NFS-e." },
          },
        },
        Invoice: {
          type: "object",
          required: [
            "number",
            "cnpj",
            "competence",
            "issuedOn",
            "dueOn",
            "amountCentavos",
            "lines",
            "boletoLine",
            "status",
            "paidOn",
            "cancelledAt",
            "nfse",
            "source",
            "createdAt",
            "updatedAt",
          ],
          properties: {
            number: { type: "string" },
            cnpj: { type: "string", description: "CNPJ normalizado: 14 letras e dígitos." },
            competence: { type: "string", pattern: COMPETENCE_PATTERN.source },
            issuedOn: day,
            dueOn: day,
            amountCentavos: { ...centavos, minimum: 1 },
            lines: { type: "array", items: { $ref: "#/components/schemas/InvoiceLine" } },
            boletoLine: { type: ["string", "null"], pattern: "^\\d{47}$", description: "Só os 47 dígitos." },
            status: { type: "string", enum: [...STORED_INVOICE_STATUSES] },
            paidOn: { ...day, type: ["string", "null"] },
            cancelledAt: { type: ["string", "null"], format: "date-time" },
            nfse: {
              oneOf: [
                { type: "null" },
                {
                  type: "object",
                  required: ["number", "verificationCode", "pdf", "xml"],
                  properties: {
                    number: { type: "string" },
                    verificationCode: { type: "string" },
                    pdf: { type: "boolean", description: "Se o PDF foi anexado." },
                    xml: { type: "boolean", description: "Se o XML foi anexado." },
                  },
                },
              ],
            },
            source: { type: "string", description: "Quem criou: `api:<nome da chave>` ou `staff:<e-mail>`." },
            createdAt: { type: "string", format: "date-time" },
            updatedAt: { type: "string", format: "date-time" },
          },
        },
      },
    },
  } as const;
}
