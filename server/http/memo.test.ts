import { describe, expect, it } from "vitest";
import { Memo } from "./memo.ts";

describe("Memo", () => {
  it("works a value out once per inputs, null included", () => {
    const memo = new Memo<string | null>(10, 100);
    let computed = 0;
    const key = (inputs: string) =>
      memo.get(inputs, () => {
        computed++;
        return inputs === "signed-in" ? null : `key of ${inputs}`;
      });
    expect(key("a")).toBe("key of a");
    expect(key("a")).toBe("key of a");
    expect(key("signed-in")).toBeNull();
    expect(key("signed-in")).toBeNull();
    expect(key("b")).toBe("key of b");
    expect(computed).toBe(3);
  });

  it("starts over past its size and never keeps inputs longer than its limit", () => {
    const memo = new Memo<number>(3, 5);
    let computed = 0;
    const value = (inputs: string) => memo.get(inputs, () => ++computed);
    value("a");
    value("b");
    value("c");
    expect(memo.size).toBe(3);
    value("d");
    expect(memo.size).toBe(1);
    expect(value("a")).toBe(5); // forgotten: worked out again
    expect(value("longer")).toBe(6);
    expect(value("longer")).toBe(7);
    expect(memo.size).toBe(2);
  });
});
