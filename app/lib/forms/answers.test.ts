import { describe, expect, it } from "vitest";
import { toggleSelection } from "./answers.ts";

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

describe("B §4.3 at maxSelect the oldest selection is dropped to add the new one", () => {
  it("drops the oldest (first chosen) value", () => {
    expect(toggleSelection(["a", "b", "c"], "d", 3)).toEqual(["b", "c", "d"]);
  });
  it("keeps dropping the oldest on each further choice", () => {
    let selected: string[] = [];
    for (const value of ["a", "b", "c", "d", "e"]) selected = toggleSelection(selected, value, 2);
    expect(selected).toEqual(["d", "e"]);
  });
  it("maxSelect 1 behaves like a radio group", () => {
    expect(toggleSelection(["a"], "b", 1)).toEqual(["b"]);
  });
  it("unchecking at the limit only removes", () => {
    expect(toggleSelection(["a", "b", "c"], "a", 3)).toEqual(["b", "c"]);
  });
  it("below the limit nothing is dropped", () => {
    expect(toggleSelection(["a", "b"], "c", 3)).toEqual(["a", "b", "c"]);
  });
});

describe("B §5.3 no maxSelect means unlimited selections", () => {
  it("keeps every value", () => {
    let selected: string[] = [];
    for (const value of ["a", "b", "c", "d", "e", "f", "g"]) selected = toggleSelection(selected, value);
    expect(selected).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });
});
