import { describe, expect, it } from "vitest";
import { normalisePath, writeBucket } from "./rate-limit.ts";

describe("Rate-limit buckets — every spelling and method of a write counts", () => {
  it("normalises a path as React Router matches it", () => {
    expect(normalisePath("/LOGIN")).toBe("/login");
    expect(normalisePath("/login/")).toBe("/login");
    expect(normalisePath("//login//")).toBe("/login");
    expect(normalisePath("/login.data")).toBe("/login");
    expect(normalisePath("/%6Cogin")).toBe("/login");
    expect(normalisePath("/%E0%A4%A")).toBe("/%e0%a4%a");
    expect(normalisePath("/")).toBe("/");
    expect(normalisePath("///")).toBe("/");
  });

  it("reads are never counted", () => {
    expect(writeBucket("GET", "/login")).toBeNull();
    expect(writeBucket("HEAD", "/contato")).toBeNull();
    expect(writeBucket("get", "/api/leads")).toBeNull();
  });

  it("sign-in through any method, prefix or spelling counts as a login", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "post"])
      for (const path of [
        "/login",
        "/LOGIN",
        "/login/",
        "/en/login",
        "/PT/Login/",
        "/login.data",
        "/api/auth/login",
        "/API/Auth/Login/",
      ])
        expect(writeBucket(method, path), `${method} ${path}`).toBe("login");
  });

  it("page actions and leads count as forms; other API writes against the API limit", () => {
    expect(writeBucket("PUT", "/contato")).toBe("forms");
    expect(writeBucket("POST", "/")).toBe("forms");
    expect(writeBucket("POST", "/api/leads")).toBe("forms");
    expect(writeBucket("PATCH", "/API/LEADS/")).toBe("forms");
    expect(writeBucket("POST", "/en/demo")).toBe("forms");
    expect(writeBucket("POST", "/loginx")).toBe("forms");
    expect(writeBucket("POST", "/api/auth/logout")).toBe("api");
    expect(writeBucket("PUT", "/api/cache")).toBe("api");
  });
});
