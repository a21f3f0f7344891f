import { describe, expect, it } from "vitest";
import { type CatalogueEntry, type Connection, integrationViews } from "./integrations.ts";

const catalogue: CatalogueEntry[] = [
  { id: "itau", name: "Itaú", category: "bancos", icon: "wallet", description: "Conciliação bancária" },
  {
    id: "shopee",
    name: "Shopee",
    category: "marketplaces",
    icon: "store",
    description: "Pedidos",
    docs_url: "https://open.shopee.com/",
  },
  { id: "sefaz", name: "SEFAZ", category: "fiscal", icon: "receipt", description: "Notas fiscais" },
];
const connection = (integrationId: string, status: Connection["status"]): Connection => ({
  integrationId,
  status,
  lastSyncAt: null,
  detail: null,
});

describe("the catalogue with a company's connections", () => {
  it("lists the connected ones first, then by name; a disconnected one among the rest", () => {
    const views = integrationViews(catalogue, [
      connection("sefaz", "error"),
      connection("itau", "disconnected"),
    ]);
    expect(views.map((v) => [v.id, v.connection?.status ?? null])).toEqual([
      ["sefaz", "error"],
      ["itau", "disconnected"],
      ["shopee", null],
    ]);
    expect(views.find((v) => v.id === "shopee")?.docsUrl).toBe("https://open.shopee.com/");
  });

  it("filters by category and by a search without accents or case", () => {
    expect(integrationViews(catalogue, [], { category: "bancos" }).map((v) => v.id)).toEqual(["itau"]);
    expect(integrationViews(catalogue, [], { search: "CONCILIACAO" }).map((v) => v.id)).toEqual(["itau"]);
    expect(integrationViews(catalogue, [], { search: "itaú" }).map((v) => v.id)).toEqual(["itau"]);
    expect(integrationViews(catalogue, [], { search: "nada" })).toEqual([]);
  });

  it("still shows a connection the catalogue no longer lists, under its id", () => {
    const [view] = integrationViews(catalogue, [connection("antiga", "connected")]);
    expect(view).toMatchObject({
      id: "antiga",
      name: "antiga",
      category: "outros",
      connection: { status: "connected" },
    });
  });
});
