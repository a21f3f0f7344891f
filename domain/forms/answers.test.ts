import { describe, expect, it } from "vitest";
import { selectionLimitReached, toggleSelection } from "./answers.ts";

describe("B §4.3 a checkbox group toggles values", () => {
  it("checking adds the value at the end", () => {
    expect(toggleSelection([], "a")).toEqual(["a"]);
    expect(toggleSelection(["a"], "b", 3)).toEqual(["a", "b"]);
  });
  it("unchecking removes the value and keeps the order of the others", () => {
    expect(toggleSelection(["a", "b", "c"], "b", 3)).toEqual(["a", "c"]);
    expect(toggleSelection(["a"], "a")).toEqual([]);
  });
  it("does not change the list it was given", () => {
    const selected = ["a", "b"];
    toggleSelection(selected, "c", 2);
    toggleSelection(selected, "a", 2);
    expect(selected).toEqual(["a", "b"]);
  });
});

describe("at maxSelect a further choice is refused and the earlier ones kept (decision 128)", () => {
  it("keeps the first choices and refuses the new one", () => {
    expect(toggleSelection(["a", "b", "c"], "d", 3)).toEqual(["a", "b", "c"]);
    expect(selectionLimitReached(["a", "b", "c"], "d", 3)).toBe(true);
  });
  it("a sixth of five keeps the first five", () => {
    let selected: string[] = [];
    for (const value of ["a", "b", "c", "d", "e", "f"]) selected = toggleSelection(selected, value, 5);
    expect(selected).toEqual(["a", "b", "c", "d", "e"]);
  });
  it("unchecking at the limit only removes, and makes room", () => {
    const fewer = toggleSelection(["a", "b", "c"], "a", 3);
    expect(fewer).toEqual(["b", "c"]);
    expect(selectionLimitReached(fewer, "d", 3)).toBe(false);
    expect(toggleSelection(fewer, "d", 3)).toEqual(["b", "c", "d"]);
  });
  it("below the limit nothing is refused", () => {
    expect(toggleSelection(["a", "b"], "c", 3)).toEqual(["a", "b", "c"]);
    expect(selectionLimitReached(["a", "b"], "c", 3)).toBe(false);
  });
  it("unchecking a chosen value is never a limit", () => {
    expect(selectionLimitReached(["a", "b", "c"], "a", 3)).toBe(false);
  });
});

describe("B §5.3 no maxSelect means unlimited selections", () => {
  it("keeps every value", () => {
    let selected: string[] = [];
    for (const value of ["a", "b", "c", "d", "e", "f", "g"]) selected = toggleSelection(selected, value);
    expect(selected).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });
});
