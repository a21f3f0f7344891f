import { describe, expect, it } from "vitest";
import { formatPath, JsonPathError, restoreAt, valueAt } from "./json-path.ts";

const doc = { title: "T", plans: [{ id: "a", price: 1 }, { id: "b" }], labels: { x: "X" } };

describe("valueAt", () => {
  it("reads nested values and says when nothing is there", () => {
    expect(valueAt(doc, ["plans", 0, "price"])).toEqual({ found: true, value: 1 });
    expect(valueAt(doc, ["plans", "1", "id"])).toEqual({ found: true, value: "b" });
    expect(valueAt(doc, ["plans", 1, "price"])).toEqual({ found: false });
    expect(valueAt(doc, ["plans", 5])).toEqual({ found: false });
    expect(valueAt(doc, ["title", "x"])).toEqual({ found: false });
    expect(valueAt(doc, [])).toEqual({ found: true, value: doc });
  });
});

describe("restoreAt", () => {
  it("sets, inserts and removes without changing the original", () => {
    const before = structuredClone(doc);
    expect(restoreAt(doc, ["plans", 1, "price"], { found: true, value: 2 })).toEqual({
      ...doc,
      plans: [doc.plans[0], { id: "b", price: 2 }],
    });
    expect(restoreAt(doc, ["plans", 1], { found: true, value: { id: "c" } }, { insert: true })).toMatchObject(
      {
        plans: [{ id: "a" }, { id: "c" }, { id: "b" }],
      },
    );
    expect(restoreAt(doc, ["plans", 9], { found: true, value: { id: "z" } }, { insert: true })).toMatchObject(
      {
        plans: [{ id: "a" }, { id: "b" }, { id: "z" }],
      },
    );
    expect(restoreAt(doc, ["plans", 0], { found: false })).toMatchObject({ plans: [{ id: "b" }] });
    const removed = restoreAt(doc, ["labels", "x"], { found: false }) as typeof doc;
    expect(Object.hasOwn(removed.labels, "x")).toBe(false);
    expect(doc).toEqual(before);
  });

  it("refuses a path that leads nowhere, naming where it stopped", () => {
    expect(() => restoreAt(doc, ["nada", "x"], { found: true, value: 1 })).toThrow(JsonPathError);
    expect(() => restoreAt(doc, ["plans", 7, "price"], { found: true, value: 1 })).toThrow(
      "plans.7: posição inexistente",
    );
    expect(() => restoreAt(doc, ["labels", "y"], { found: false })).toThrow("labels.y: campo inexistente");
    expect(() => restoreAt(doc, ["title", "x"], { found: true, value: 1 })).toThrow(
      "title.x: campo inexistente",
    );
    expect(() => restoreAt(doc, [], { found: false })).toThrow(JsonPathError);
    expect(formatPath(["plans", 2, "price"])).toBe("plans.2.price");
  });
});
