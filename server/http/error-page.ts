/** A self-contained error page for failures outside React (no scripts, no stack trace). */
export function errorHtml(status: number, detail?: string): string {
  const title =
    status === 404
      ? "Página não encontrada"
      : status === 429
        ? "Muitas solicitações"
        : status >= 500
          ? "Algo deu errado"
          : "Requisição inválida";
  const text =
    detail ??
    (status >= 500
      ? "Tivemos um problema ao carregar esta página. Tente novamente em instantes."
      : "Não foi possível atender a este pedido.");
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f5f7fb;color:#1b2437}main{max-width:32rem;padding:2rem;text-align:center}a{color:#0b5cd5}</style></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Voltar ao início</a></p></main></body></html>`;
}
