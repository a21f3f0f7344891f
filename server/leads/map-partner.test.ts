import type { Partner } from "@domain/content/partners-schema.ts";
import { describe, expect, it } from "vitest";
import { mapPartner } from "./map-partner.ts";

const guaicurus: Partner = {
  id: 7,
  nome: "Guaicurus Sistemas",
  cidade: "Campo Grande",
  estado: "MS",
  lat: -20.44,
  lng: -54.64,
  ativo: false,
  segmento: "distribuicao",
};

function contentWith(get: () => Promise<unknown>) {
  return { get: get as never };
}

describe("decision 129 — the partner a chat lead names comes from the map's content", () => {
  const query = { segment: null, lang: "pt" };
  const logger = { warn: () => {} };

  it("the map's name, city and state, read at the visitor's site and language", async () => {
    const asked: unknown[] = [];
    const content = contentWith(async (...args: unknown[]) => {
      asked.push(args);
      return { data: { partners: [guaicurus] } };
    });
    expect(await mapPartner(content, logger, 7, query)).toEqual({
      id: 7,
      nome: "Guaicurus Sistemas",
      cidade: "Campo Grande",
      estado: "MS",
    });
    expect(asked).toEqual([["partners-data", query]]);
  });

  it("a partner the map no longer has, no partners document, or one that cannot be read: the id alone", async () => {
    const warned: unknown[] = [];
    expect(
      await mapPartner(
        contentWith(async () => ({ data: { partners: [guaicurus] } })),
        logger,
        8,
        query,
      ),
    ).toEqual({
      id: 8,
    });
    expect(
      await mapPartner(
        contentWith(async () => null),
        logger,
        7,
        query,
      ),
    ).toEqual({ id: 7 });
    const failing = contentWith(async () => {
      throw new Error("database down");
    });
    expect(await mapPartner(failing, { warn: (entry: unknown) => warned.push(entry) }, 7, query)).toEqual({
      id: 7,
    });
    expect(warned).toHaveLength(1);
  });
});
