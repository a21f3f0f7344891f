/**
 * Who issues the invoices, as the invoice PDF prints it (decision 097). The content has no structured
 * field for the vendor's CNPJ and address: they are written in the legal texts of pages-data
 * (/politicas, /termos: "Vértice Sistemas de Gestão Ltda., CNPJ nº 12.345.678/0001-90, com sede na
 * Av. T-63, 1234, Setor Bueno, Goiânia-GO, CEP 74230-100") and the phone and e-mail in seo-config
 * and footer-data. Keep these lines equal to those texts when the company's data change.
 */
export const VENDOR = {
  legalName: "Vértice Sistemas de Gestão Ltda.",
  cnpj: "12.345.678/0001-90",
  address: "Av. T-63, 1234, Setor Bueno, Goiânia-GO, CEP 74230-100",
  email: "contato@vertice.com.br",
  phone: "(62) 3333-4000",
} as const;
