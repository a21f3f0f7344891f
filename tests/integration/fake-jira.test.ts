import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_ID,
  DEFAULT_USERS,
  type FakeJira,
  type FakeJiraUser,
  type FakeWebhookEvent,
  INACTIVE_USER,
  ISSUE_LINK_TYPES,
  jiraDateTime,
  SALES_ANA,
  SALES_BRUNO,
  STATUSES,
  SUPPORT_USER,
  startFakeJira,
  TRANSITIONS,
} from "../fakes/jira.ts";

const basic = (email: string, token: string) =>
  `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;
const AUTH = basic("bot@example.com", "test-token");

const validDoc = {
  type: "doc",
  version: 1,
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Lead" }] },
    { type: "paragraph", content: [{ type: "text", text: "x" }] },
  ],
};

const validFields = {
  project: { key: "FDVW" },
  summary: "Demo for ACME",
  description: validDoc,
  issuetype: { id: "10005" },
  priority: { name: "High" },
  labels: ["lead", "site-form"],
};

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

describe("fake Jira", () => {
  let jira: FakeJira;

  beforeEach(async () => {
    jira = await startFakeJira();
  });
  afterEach(async () => {
    await jira.close();
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: string; signal?: AbortSignal } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { Authorization: AUTH, ...init.headers };
    if (body !== undefined || init.raw !== undefined) headers["Content-Type"] ??= "application/json";
    const response = await fetch(`${jira.url}/rest/api/3${path}`, {
      method,
      headers,
      body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: init.signal,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: text ? JSON.parse(text) : undefined,
    };
  }

  const create = (fields: Record<string, unknown>) => call("POST", "/issue", { fields });

  /** A status as Jira answers it, with its category. */
  const status = (id: string, name: string, category: "new" | "indeterminate" | "done") => {
    const categories = {
      new: { id: 2, key: "new", colorName: "blue-gray", name: "To Do" },
      indeterminate: { id: 4, key: "indeterminate", colorName: "yellow", name: "In Progress" },
      done: { id: 3, key: "done", colorName: "green", name: "Done" },
    };
    return {
      self: `${jira.url}/rest/api/3/status/${id}`,
      description: "",
      name,
      id,
      statusCategory: {
        self: `${jira.url}/rest/api/3/statuscategory/${categories[category].id}`,
        ...categories[category],
      },
    };
  };

  describe("authentication", () => {
    it("refuses a request without credentials, with Jira's error shape, and does not log it", async () => {
      const answer = await call("GET", "/myself", undefined, { headers: { Authorization: "" } });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        errorMessages: ["Client must be authenticated to access this resource."],
        errors: {},
      });
      expect(jira.requests).toEqual([]);
    });

    it("refuses a wrong token and a wrong email", async () => {
      const wrongToken = await call("GET", "/myself", undefined, {
        headers: { Authorization: basic("bot@example.com", "nope") },
      });
      const wrongEmail = await call("GET", "/myself", undefined, {
        headers: { Authorization: basic("other@example.com", "test-token") },
      });
      expect([wrongToken.status, wrongEmail.status]).toEqual([401, 401]);
      expect(wrongToken.json).toEqual(wrongEmail.json);
      expect(wrongToken.json).toEqual({
        errorMessages: ["Client must be authenticated to access this resource."],
        errors: {},
      });
      expect(jira.requests).toEqual([]);
      expect(jira.issues).toEqual([]);
    });

    it("accepts the configured email and token only", async () => {
      const custom = await startFakeJira({ email: "me@corp.example", token: "s3cret" });
      try {
        const ok = await fetch(`${custom.url}/rest/api/3/myself`, {
          headers: { Authorization: basic("me@corp.example", "s3cret") },
        });
        const defaults = await fetch(`${custom.url}/rest/api/3/myself`, { headers: { Authorization: AUTH } });
        expect(ok.status).toBe(200);
        expect(await ok.json()).toEqual({
          self: `${custom.url}/rest/api/3/user?accountId=712020%3Afake-jira-bot`,
          accountId: "712020:fake-jira-bot",
          accountType: "atlassian",
          emailAddress: "me@corp.example",
          displayName: "Fake Jira Bot",
          active: true,
          timeZone: "UTC",
        });
        expect(defaults.status).toBe(401);
        expect(custom.requests).toEqual([{ method: "GET", path: "/rest/api/3/myself", body: undefined }]);
      } finally {
        await custom.close();
      }
    });
  });

  it("GET /myself answers the bot account", async () => {
    const answer = await call("GET", "/myself");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      self: `${jira.url}/rest/api/3/user?accountId=712020%3Afake-jira-bot`,
      accountId: "712020:fake-jira-bot",
      accountType: "atlassian",
      emailAddress: "bot@example.com",
      displayName: "Fake Jira Bot",
      active: true,
      timeZone: "UTC",
    });
    expect(jira.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  describe("projects", () => {
    it("GET /project/{key} answers the default project with its issue types", async () => {
      const answer = await call("GET", "/project/FDVW");
      expect(answer.status).toBe(200);
      const type = (id: string, name: string) => ({
        self: `${jira.url}/rest/api/3/issuetype/${id}`,
        id,
        name,
        description: "",
        subtask: false,
      });
      expect(answer.json).toEqual({
        self: `${jira.url}/rest/api/3/project/10000`,
        id: "10000",
        key: "FDVW",
        name: "FDVW",
        issueTypes: [
          type("10001", "Task"),
          type("10002", "Story"),
          type("10003", "Bug"),
          type("10004", "Epic"),
          type("10005", "Demo Lead"),
        ],
      });
    });

    it("has the other default projects, found by key or id", async () => {
      const names = async (path: string) =>
        ((await call("GET", path)).json as { key: string; issueTypes: { name: string }[] }).issueTypes.map(
          (t) => t.name,
        );
      expect(await names("/project/WXMKT")).toEqual(["Task", "Story", "Epic", "Partner Lead"]);
      expect(await names("/project/SUPP")).toEqual(["Task", "Bug", "Support"]);
      expect(await names("/project/MKT")).toEqual(["Task", "Story"]);
      expect(await names("/project/10003")).toEqual(["Task", "Story"]);
    });

    it("answers 404 for an unknown project", async () => {
      const answer = await call("GET", "/project/NOPE");
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({
        errorMessages: ["No project could be found with key 'NOPE'."],
        errors: {},
      });
    });

    it("uses the projects given as option instead of the defaults", async () => {
      const custom = await startFakeJira({
        projects: { ABC: { issueTypes: [{ id: "20001", name: "Lead", description: "A lead" }] } },
      });
      try {
        const project = await fetch(`${custom.url}/rest/api/3/project/ABC`, {
          headers: { Authorization: AUTH },
        });
        expect(await project.json()).toEqual({
          self: `${custom.url}/rest/api/3/project/10000`,
          id: "10000",
          key: "ABC",
          name: "ABC",
          issueTypes: [
            {
              self: `${custom.url}/rest/api/3/issuetype/20001`,
              id: "20001",
              name: "Lead",
              description: "A lead",
              subtask: false,
            },
          ],
        });
        const fdvw = await fetch(`${custom.url}/rest/api/3/project/FDVW`, {
          headers: { Authorization: AUTH },
        });
        expect(fdvw.status).toBe(404);
      } finally {
        await custom.close();
      }
    });
  });

  describe("create issue", () => {
    it("creates FDVW-1 then FDVW-2, numbering per project, and records everything", async () => {
      const first = await create(validFields);
      expect(first.status).toBe(201);
      expect(first.json).toEqual({ id: "10001", key: "FDVW-1", self: `${jira.url}/rest/api/3/issue/10001` });
      const second = await create({
        ...validFields,
        summary: "Second",
        labels: undefined,
        priority: undefined,
      });
      expect(second.status).toBe(201);
      expect(second.json).toEqual({ id: "10002", key: "FDVW-2", self: `${jira.url}/rest/api/3/issue/10002` });
      const other = await create({
        project: { id: "10001" },
        summary: "Partner",
        issuetype: { name: "Partner Lead" },
      });
      expect(other.json).toEqual({ id: "10003", key: "WXMKT-1", self: `${jira.url}/rest/api/3/issue/10003` });

      expect(jira.issues).toEqual([
        {
          id: "10001",
          key: "FDVW-1",
          projectKey: "FDVW",
          fields: validFields,
          labels: ["lead", "site-form"],
          summary: "Demo for ACME",
          priority: "High",
          issueTypeId: "10005",
          description: validDoc,
          duedate: null,
          assignee: null,
          links: [],
          status: "To Do",
          transitions: [],
          edits: [],
          comments: [],
          commentRecords: [],
          attachments: [],
          created: expect.any(Date),
          updated: expect.any(Date),
        },
        {
          id: "10002",
          key: "FDVW-2",
          projectKey: "FDVW",
          fields: {
            project: { key: "FDVW" },
            summary: "Second",
            description: validDoc,
            issuetype: { id: "10005" },
          },
          labels: [],
          summary: "Second",
          priority: "Medium",
          issueTypeId: "10005",
          description: validDoc,
          duedate: null,
          assignee: null,
          links: [],
          status: "To Do",
          transitions: [],
          edits: [],
          comments: [],
          commentRecords: [],
          attachments: [],
          created: expect.any(Date),
          updated: expect.any(Date),
        },
        {
          id: "10003",
          key: "WXMKT-1",
          projectKey: "WXMKT",
          fields: { project: { id: "10001" }, summary: "Partner", issuetype: { name: "Partner Lead" } },
          labels: [],
          summary: "Partner",
          priority: "Medium",
          issueTypeId: "10006",
          description: null,
          duedate: null,
          assignee: null,
          links: [],
          status: "To Do",
          transitions: [],
          edits: [],
          comments: [],
          commentRecords: [],
          attachments: [],
          created: expect.any(Date),
          updated: expect.any(Date),
        },
      ]);
      expect(jira.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        "POST /rest/api/3/issue",
        "POST /rest/api/3/issue",
        "POST /rest/api/3/issue",
      ]);
      expect(jira.requests[0]!.body).toEqual({ fields: validFields });
    });

    it("accepts a summary of exactly 255 characters", async () => {
      const answer = await create({ ...validFields, summary: "a".repeat(255) });
      expect(answer.status).toBe(201);
      expect(jira.issues[0]!.summary).toBe("a".repeat(255));
    });

    const invalid: [string, Record<string, unknown>, Record<string, string>][] = [
      [
        "an unknown project key",
        { project: { key: "NOPE" } },
        { project: "Specify a valid project ID or key" },
      ],
      [
        "an unknown project id",
        { project: { id: "99999" } },
        { project: "Specify a valid project ID or key" },
      ],
      ["no project", { project: undefined }, { project: "Specify a valid project ID or key" }],
      [
        "an issue type of another project",
        { issuetype: { id: "10006" } },
        { issuetype: "The issue type selected is invalid." },
      ],
      [
        "an issue type name of another project",
        { issuetype: { name: "Support" } },
        { issuetype: "The issue type selected is invalid." },
      ],
      ["no issue type", { issuetype: undefined }, { issuetype: "Specify an issue type" }],
      ["no summary", { summary: undefined }, { summary: "You must specify a summary of the issue." }],
      ["an empty summary", { summary: "" }, { summary: "You must specify a summary of the issue." }],
      ["a blank summary", { summary: "   " }, { summary: "You must specify a summary of the issue." }],
      [
        "a summary of 256 characters",
        { summary: "a".repeat(256) },
        { summary: "Summary must be less than 255 characters." },
      ],
      [
        "a summary with a newline",
        { summary: "two\nlines" },
        { summary: "The summary is invalid because it contains newline characters." },
      ],
      [
        "a label with a space",
        { labels: ["ok", "not ok"] },
        { labels: "The label 'not ok' contains spaces which is invalid." },
      ],
      ["labels as a string", { labels: "lead" }, { labels: "Specify the labels as an array of strings" }],
      [
        "an unknown priority",
        { priority: { name: "Urgent" } },
        { priority: "The priority selected is invalid." },
      ],
      [
        "a priority as a plain string",
        { priority: "High" },
        { priority: "Specify the Priority (id or name) in the string format" },
      ],
      [
        "a heading of level 7",
        {
          description: {
            type: "doc",
            version: 1,
            content: [{ type: "heading", attrs: { level: 7 }, content: [{ type: "text", text: "Lead" }] }],
          },
        },
        { description: "/content/0/attrs/level must be <= 6" },
      ],
      [
        "text directly under doc",
        { description: { type: "doc", version: 1, content: [{ type: "text", text: "x" }] } },
        { description: "/content/0/type must be equal to one of the allowed values" },
      ],
      [
        "an empty text node",
        {
          description: {
            type: "doc",
            version: 1,
            content: [{ type: "paragraph", content: [{ type: "text", text: "" }] }],
          },
        },
        { description: "/content/0/content/0/text must NOT have fewer than 1 characters" },
      ],
      ["a plain-text description", { description: "hello" }, { description: "/ must be object" }],
      [
        "a doc without version",
        { description: { type: "doc", content: [] } },
        { description: "/ must have required property 'version'" },
      ],
      [
        "an unknown field",
        { reporter: { accountId: "x" } },
        { reporter: "Field 'reporter' cannot be set. It is not on the appropriate screen, or unknown." },
      ],
    ];

    it.each(invalid)("refuses %s with 400 and the field's error", async (_name, patch, errors) => {
      const answer = await create({ ...validFields, ...patch });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ errorMessages: [], errors });
      expect(jira.issues).toEqual([]);
    });

    it("reports every invalid field at once", async () => {
      const answer = await create({ project: { key: "FDVW" }, issuetype: { id: "1" }, labels: ["a b"] });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        errorMessages: [],
        errors: {
          issuetype: "The issue type selected is invalid.",
          summary: "You must specify a summary of the issue.",
          labels: "The label 'a b' contains spaces which is invalid.",
        },
      });
    });

    it("refuses a body that is not JSON with 400", async () => {
      let parseError = "";
      try {
        JSON.parse("not json");
      } catch (error) {
        parseError = (error as Error).message;
      }
      const answer = await call("POST", "/issue", undefined, { raw: "not json" });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        errorMessages: [`Request body is not valid JSON: ${parseError}`],
        errors: {},
      });
      expect(jira.requests).toEqual([{ method: "POST", path: "/rest/api/3/issue", body: "not json" }]);
    });

    it("refuses a body that is not application/json with 415", async () => {
      const answer = await call(
        "POST",
        "/issue",
        { fields: validFields },
        { headers: { "Content-Type": "text/plain" } },
      );
      expect(answer.status).toBe(415);
      expect(answer.json).toEqual({
        errorMessages: ["Unsupported Media Type: expected application/json"],
        errors: {},
      });
      expect(jira.issues).toEqual([]);
    });

    it("accepts application/json with a charset", async () => {
      const answer = await call(
        "POST",
        "/issue",
        { fields: validFields },
        { headers: { "Content-Type": "application/json; charset=utf-8" } },
      );
      expect(answer.status).toBe(201);
    });

    it("refuses a body over 1 MB with 413", async () => {
      const answer = await create({ ...validFields, summary: "a".repeat(1024 * 1024) });
      expect(answer.status).toBe(413);
      expect(answer.json).toEqual({
        errorMessages: ["Request body exceeds the limit of 1048576 bytes."],
        errors: {},
      });
      expect(jira.issues).toEqual([]);
    });
  });

  describe("comments", () => {
    it("POST /issue/{key}/comment keeps the ADF body and answers 201; an empty body is a 400", async () => {
      await create(validFields);
      const body = {
        type: "doc",
        version: 1,
        content: [{ type: "paragraph", content: [{ type: "text", text: "Dados removidos" }] }],
      };
      const answer = await call("POST", "/issue/FDVW-1/comment", { body });
      expect(answer.status).toBe(201);
      expect(jira.issues[0]!.comments).toEqual([body]);
      const empty = await call("POST", "/issue/FDVW-1/comment", {});
      expect(empty.status).toBe(400);
      expect(jira.issues[0]!.comments).toHaveLength(1);
      expect((await call("POST", "/issue/FDVW-99/comment", { body })).status).toBe(404);
    });
  });

  describe("edit issue", () => {
    it("PUT /issue/{key} answers 204 with no body and applies the fields", async () => {
      await create(validFields);
      const doc = {
        type: "doc",
        version: 1,
        content: [{ type: "paragraph", content: [{ type: "text", text: "y" }] }],
      };
      const edit = {
        summary: "Renamed",
        labels: ["qualified"],
        priority: { name: "Lowest" },
        description: doc,
      };
      const answer = await call("PUT", "/issue/FDVW-1", { fields: edit });
      expect(answer.status).toBe(204);
      expect(answer.text).toBe("");
      const issue = jira.issues[0]!;
      expect([issue.summary, issue.labels, issue.priority, issue.description]).toEqual([
        "Renamed",
        ["qualified"],
        "Lowest",
        doc,
      ]);
      expect(issue.edits).toEqual([edit]);
      const byId = await call("PUT", "/issue/10001", { fields: { summary: "Again" } });
      expect(byId.status).toBe(204);
      expect(issue.edits).toEqual([edit, { summary: "Again" }]);
      expect(issue.summary).toBe("Again");
    });

    it("refuses invalid fields with 400 and changes nothing", async () => {
      await create(validFields);
      const answer = await call("PUT", "/issue/FDVW-1", {
        fields: {
          summary: "Fine",
          description: { type: "doc", version: 1, content: [{ type: "text", text: "x" }] },
          project: { key: "MKT" },
        },
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        errorMessages: [],
        errors: {
          project: "Field 'project' cannot be set. It is not on the appropriate screen, or unknown.",
          description: "/content/0/type must be equal to one of the allowed values",
        },
      });
      expect(jira.issues[0]!.summary).toBe("Demo for ACME");
      expect(jira.issues[0]!.edits).toEqual([]);
    });

    it("answers 404 for an unknown issue", async () => {
      const answer = await call("PUT", "/issue/FDVW-9", { fields: { summary: "x" } });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({
        errorMessages: ["Issue does not exist or you do not have permission to see it."],
        errors: {},
      });
    });
  });

  describe("transitions", () => {
    it("lists the workflow's transitions", async () => {
      await create(validFields);
      const answer = await call("GET", "/issue/FDVW-1/transitions");
      expect(answer.status).toBe(200);
      const transition = (id: string, name: string, to: ReturnType<typeof status>) => ({
        id,
        name,
        to,
        hasScreen: false,
        isGlobal: true,
        isInitial: false,
        isAvailable: true,
        isConditional: false,
        isLooped: false,
      });
      expect(answer.json).toEqual({
        transitions: [
          transition("11", "To Do", status("1", "To Do", "new")),
          transition("21", "Em andamento", status("3", "In Progress", "indeterminate")),
          transition("31", "Qualify", status("4", "Qualified", "indeterminate")),
          transition("41", "Done", status("5", "Done", "done")),
          transition("51", "Reopen", status("1", "To Do", "new")),
          transition("61", "Resolve", status("5", "Done", "done")),
          transition("71", "Win", status("6", "Won", "done")),
          transition("81", "Lose", status("7", "Lost", "done")),
        ],
      });
      expect(TRANSITIONS.map((t) => [t.id, t.name, t.to.name])).toEqual([
        ["11", "To Do", "To Do"],
        ["21", "Em andamento", "In Progress"],
        ["31", "Qualify", "Qualified"],
        ["41", "Done", "Done"],
        ["51", "Reopen", "To Do"],
        ["61", "Resolve", "Done"],
        ["71", "Win", "Won"],
        ["81", "Lose", "Lost"],
      ]);
    });

    it("moves the issue to Qualified and records the transition", async () => {
      await create(validFields);
      const answer = await call("POST", "/issue/FDVW-1/transitions", { transition: { id: "31" } });
      expect(answer.status).toBe(204);
      expect(answer.text).toBe("");
      expect(jira.issues[0]!.status).toBe("Qualified");
      expect(jira.issues[0]!.transitions).toEqual(["Qualify"]);
      const read = await call("GET", "/issue/FDVW-1");
      expect((read.json as { fields: { status: unknown } }).fields.status).toEqual(
        status("4", "Qualified", "indeterminate"),
      );
    });

    it("refuses an unknown transition with 400 and an unknown issue with 404", async () => {
      await create(validFields);
      const unknown = await call("POST", "/issue/FDVW-1/transitions", { transition: { id: "99" } });
      expect(unknown.status).toBe(400);
      expect(unknown.json).toEqual({
        errorMessages: ["Transition id '99' is not valid for this issue."],
        errors: {},
      });
      const missing = await call("POST", "/issue/FDVW-1/transitions", {});
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({
        errorMessages: ["Missing 'transition' identifier (transition.id)."],
        errors: {},
      });
      const noIssue = await call("GET", "/issue/MKT-1/transitions");
      expect(noIssue.status).toBe(404);
      expect(noIssue.json).toEqual({
        errorMessages: ["Issue does not exist or you do not have permission to see it."],
        errors: {},
      });
      expect(jira.issues[0]!.status).toBe("To Do");
      expect(jira.issues[0]!.transitions).toEqual([]);
    });
  });

  describe("search", () => {
    beforeEach(async () => {
      await create({ ...validFields, labels: ["lead-abc"] });
      await create({ ...validFields, summary: "Other", labels: ["lead-def"] });
      await create({
        project: { key: "MKT" },
        summary: "Mkt",
        issuetype: { id: "10001" },
        labels: ["lead-abc"],
      });
    });

    const hit = (id: string, key: string, fields: Record<string, unknown>) => ({
      id,
      key,
      self: `${jira.url}/rest/api/3/issue/${id}`,
      fields,
    });

    it.each([
      'labels = "lead-abc"',
      "labels = lead-abc",
      'labels in ("lead-abc")',
      'labels IN ("nope", "lead-abc")',
    ])("finds the issues by label with %s, answering summary and labels by default", async (jql) => {
      const answer = await call("POST", "/search/jql", { jql });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        issues: [
          hit("10001", "FDVW-1", { summary: "Demo for ACME", labels: ["lead-abc"] }),
          hit("10003", "MKT-1", { summary: "Mkt", labels: ["lead-abc"] }),
        ],
        isLast: true,
      });
    });

    it("combines project and label, answering the requested fields", async () => {
      const answer = await call("POST", "/search/jql", {
        jql: 'project = FDVW AND labels = "lead-abc"',
        fields: ["summary", "status", "priority"],
        maxResults: 10,
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        issues: [
          hit("10001", "FDVW-1", {
            summary: "Demo for ACME",
            status: status("1", "To Do", "new"),
            priority: { name: "High", id: "2" },
          }),
        ],
        isLast: true,
      });
    });

    it("answers no issues when nothing matches", async () => {
      const answer = await call("POST", "/search/jql", { jql: 'project = MKT and labels = "lead-def"' });
      expect(answer.json).toEqual({ issues: [], isLast: true });
    });

    it("pages with maxResults and nextPageToken", async () => {
      const first = await call("POST", "/search/jql", { jql: "project in (FDVW, MKT)", maxResults: 2 });
      const page1 = first.json as { issues: { key: string }[]; isLast: boolean; nextPageToken: string };
      expect([page1.issues.map((i) => i.key), page1.isLast]).toEqual([["FDVW-1", "FDVW-2"], false]);
      const second = await call("POST", "/search/jql", {
        jql: "project in (FDVW, MKT)",
        maxResults: 2,
        nextPageToken: page1.nextPageToken,
      });
      expect(second.json).toEqual({
        issues: [hit("10003", "MKT-1", { summary: "Mkt", labels: ["lead-abc"] })],
        isLast: true,
      });
    });

    it.each([
      ["summary ~ x", "Error in the JQL Query: the character '~' is not supported here."],
      [
        "labels != x",
        "Error in the JQL Query: the operator '!=' is not supported (the fake Jira supports project, labels, key, status, statusCategory, created and updated).",
      ],
      ["assignee = me", "Field 'assignee' does not exist or you do not have permission to view it."],
      ["", "Unbounded JQL queries are not allowed here. Please add a search restriction to your query."],
      ["project = NOPE AND labels = x", "The value 'NOPE' does not exist for the field 'project'."],
    ])("refuses %j with 400", async (jql, message) => {
      const answer = await call("POST", "/search/jql", { jql });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ errorMessages: [message], errors: {} });
    });
  });

  it("answers 404 with Jira's error shape for anything else", async () => {
    const answer = await call("GET", "/serverInfo");
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({
      errorMessages: ["No route for GET /rest/api/3/serverInfo in the fake Jira."],
      errors: {},
    });
    const del = await call("DELETE", "/issue/FDVW-1");
    expect(del.status).toBe(404);
    expect(del.json).toEqual({
      errorMessages: ["Issue does not exist or you do not have permission to see it."],
      errors: {},
    });
    const patch = await call("PATCH", "/issue");
    expect(patch.json).toEqual({
      errorMessages: ["No route for PATCH /rest/api/3/issue in the fake Jira."],
      errors: {},
    });
  });

  // -------------------------------------------------------------------------------------------------
  // What a customer-support portal needs

  const T0 = Date.parse("2026-03-01T12:00:00.000Z");
  const minutes = (n: number) => new Date(T0 + n * 60_000);
  const adf = (...lines: string[]) => ({
    type: "doc",
    version: 1,
    content: lines.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
  });
  const supportCase = {
    project: { key: "SUPP" },
    summary: "Nota fiscal rejeitada",
    issuetype: { id: "10007" },
  };
  const user = (accountId: string, displayName: string) => ({
    self: `${jira.url}/rest/api/3/user?accountId=${encodeURIComponent(accountId)}`,
    accountId,
    displayName,
    active: true,
    timeZone: "UTC",
    accountType: "atlassian",
  });
  const bot = () => user(ACCOUNT_ID, "Fake Jira Bot");
  const support = () => user("712020:suporte", "Equipe de Suporte");

  describe("statuses and GET /issue/{key}", () => {
    it("answers the issue with its status category, Jira's dates, project and type", async () => {
      jira.setNow(minutes(0));
      await create({ ...validFields, labels: ["cliente-123"] });
      const answer = await call("GET", "/issue/FDVW-1");
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        id: "10001",
        key: "FDVW-1",
        self: `${jira.url}/rest/api/3/issue/10001`,
        fields: {
          summary: "Demo for ACME",
          labels: ["cliente-123"],
          priority: { name: "High", id: "2" },
          issuetype: { id: "10005", name: "Demo Lead" },
          project: { id: "10000", key: "FDVW", name: "FDVW" },
          status: status("1", "To Do", "new"),
          description: validDoc,
          created: "2026-03-01T12:00:00.000+0000",
          updated: "2026-03-01T12:00:00.000+0000",
          duedate: null,
          assignee: null,
          issuelinks: [],
          comment: {
            self: `${jira.url}/rest/api/3/issue/10001/comment`,
            startAt: 0,
            maxResults: 5000,
            total: 0,
            comments: [],
          },
          attachment: [],
        },
      });
      expect(jira.issues[0]!.created).toEqual(minutes(0));
      expect(jiraDateTime(jira.issues[0]!.updated)).toBe("2026-03-01T12:00:00.000+0000");
    });

    it("answers only the fields asked for with ?fields=, and leaves out those named with a minus", async () => {
      jira.setNow(minutes(0));
      await create(validFields);
      const some = await call("GET", "/issue/FDVW-1?fields=status,updated,nope");
      expect((some.json as { fields: unknown }).fields).toEqual({
        status: status("1", "To Do", "new"),
        updated: "2026-03-01T12:00:00.000+0000",
      });
      const without = await call("GET", "/issue/FDVW-1?fields=*navigable,-description,-priority");
      expect(Object.keys((without.json as { fields: object }).fields).sort()).toEqual([
        "assignee",
        "created",
        "duedate",
        "issuelinks",
        "issuetype",
        "labels",
        "project",
        "status",
        "summary",
        "updated",
      ]);
      expect((await call("GET", "/issue/FDVW-9?fields=status")).status).toBe(404);
    });

    it.each([
      ["11", "To Do", "1", "new"],
      ["21", "In Progress", "3", "indeterminate"],
      ["31", "Qualified", "4", "indeterminate"],
      ["41", "Done", "5", "done"],
      ["51", "To Do", "1", "new"],
      ["61", "Done", "5", "done"],
      ["71", "Won", "6", "done"],
      ["81", "Lost", "7", "done"],
    ] as const)(
      "transition %s leads to %s (status %s, category %s) and moves updated",
      async (id, name, statusId, category) => {
        jira.setNow(minutes(0));
        await create(validFields);
        jira.setNow(minutes(7));
        expect((await call("POST", "/issue/FDVW-1/transitions", { transition: { id } })).status).toBe(204);
        const read = await call("GET", "/issue/FDVW-1?fields=status,updated,created");
        expect((read.json as { fields: unknown }).fields).toEqual({
          status: status(statusId, name, category),
          updated: "2026-03-01T12:07:00.000+0000",
          created: "2026-03-01T12:00:00.000+0000",
        });
        expect(STATUSES[jira.issues[0]!.status]!.category).toBe(category);
      },
    );

    it("writes dates with the offset of the account's time zone and reads JQL dates in it", async () => {
      const local = await startFakeJira({ timeZone: "America/Sao_Paulo", now: () => minutes(0) });
      try {
        const ask = async (method: string, path: string, body?: unknown) => {
          const response = await fetch(`${local.url}/rest/api/3${path}`, {
            method,
            headers: { Authorization: AUTH, "Content-Type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return (await response.json()) as Record<string, unknown>;
        };
        expect((await ask("GET", "/myself")).timeZone).toBe("America/Sao_Paulo");
        await ask("POST", "/issue", { fields: supportCase });
        const issue = await ask("GET", "/issue/SUPP-1?fields=created,updated");
        expect(issue.fields).toEqual({
          created: "2026-03-01T09:00:00.000-0300",
          updated: "2026-03-01T09:00:00.000-0300",
        });
        expect(new Date((issue.fields as { created: string }).created).getTime()).toBe(T0);
        const keys = async (jql: string) =>
          ((await ask("POST", "/search/jql", { jql })).issues as { key: string }[]).map((i) => i.key);
        expect(await keys('project = SUPP AND updated >= "2026/03/01 09:00"')).toEqual(["SUPP-1"]);
        expect(await keys('project = SUPP AND updated >= "2026/03/01 09:01"')).toEqual([]);
        expect(jiraDateTime(T0, "America/Sao_Paulo")).toBe("2026-03-01T09:00:00.000-0300");
      } finally {
        await local.close();
      }
    });
  });

  describe("comments, as Jira Cloud answers them", () => {
    it("POST answers 201 with id, self, author, body and dates; visibility only when restricted", async () => {
      jira.setNow(minutes(0));
      await create(supportCase);
      jira.setNow(minutes(3));
      const open = await call("POST", "/issue/SUPP-1/comment", { body: adf("Recebemos seu chamado.") });
      expect(open.status).toBe(201);
      expect(open.json).toEqual({
        self: `${jira.url}/rest/api/3/issue/10001/comment/10001`,
        id: "10001",
        author: bot(),
        body: adf("Recebemos seu chamado."),
        updateAuthor: bot(),
        created: "2026-03-01T12:03:00.000+0000",
        updated: "2026-03-01T12:03:00.000+0000",
      });
      const internal = await call("POST", "/issue/SUPP-1/comment", {
        body: adf("Cliente inadimplente"),
        visibility: { type: "role", value: "Administrators" },
      });
      expect(internal.status).toBe(201);
      expect(internal.json).toMatchObject({
        id: "10002",
        visibility: { type: "role", value: "Administrators", identifier: "Administrators" },
      });
      const group = await call("POST", "/issue/SUPP-1/comment", {
        body: adf("Só o time"),
        visibility: {
          type: "group",
          identifier: "276f955c-63d7-42c8-9520-92d01dca0625",
          value: "suporte-n2",
        },
      });
      expect((group.json as { visibility: unknown }).visibility).toEqual({
        type: "group",
        value: "suporte-n2",
        identifier: "276f955c-63d7-42c8-9520-92d01dca0625",
      });
      const issue = jira.issues[0]!;
      expect(issue.comments).toEqual([
        adf("Recebemos seu chamado."),
        adf("Cliente inadimplente"),
        adf("Só o time"),
      ]);
      expect(issue.commentRecords.map((c) => [c.id, c.author.accountId, c.visibility?.value])).toEqual([
        ["10001", ACCOUNT_ID, undefined],
        ["10002", ACCOUNT_ID, "Administrators"],
        ["10003", ACCOUNT_ID, "suporte-n2"],
      ]);
      expect(issue.updated).toEqual(minutes(3));
    });

    it.each([
      [
        "an invalid ADF body",
        { body: { type: "doc", version: 1, content: [{ type: "text", text: "x" }] } },
        {
          errorMessages: [],
          errors: { comment: "/content/0/type must be equal to one of the allowed values" },
        },
      ],
      [
        "a plain-text body",
        { body: "texto" },
        { errorMessages: [], errors: { comment: "/ must be object" } },
      ],
      [
        "no body",
        { visibility: { type: "role", value: "x" } },
        { errorMessages: ["Comment body can not be empty!"], errors: {} },
      ],
      [
        "a visibility of unknown type",
        { body: adf("x"), visibility: { type: "user", value: "someone" } },
        {
          errorMessages: [],
          errors: { commentLevel: "Specify the visibility as { type: 'role' or 'group', value: its name }." },
        },
      ],
      [
        "a visibility without a name",
        { body: adf("x"), visibility: { type: "role" } },
        {
          errorMessages: [],
          errors: { commentLevel: "Specify the visibility as { type: 'role' or 'group', value: its name }." },
        },
      ],
    ])("refuses %s with 400 and keeps nothing", async (_name, body, error) => {
      await create(supportCase);
      const answer = await call("POST", "/issue/SUPP-1/comment", body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual(error);
      expect(jira.issues[0]!.commentRecords).toEqual([]);
      expect(jira.issues[0]!.comments).toEqual([]);
    });

    it("GET lists the comments in creation order with startAt, maxResults and total", async () => {
      await create(supportCase);
      for (const text of ["um", "dois", "três"])
        await call("POST", "/issue/SUPP-1/comment", { body: adf(text) });
      const all = await call("GET", "/issue/SUPP-1/comment");
      expect(all.status).toBe(200);
      const page = all.json as {
        startAt: number;
        maxResults: number;
        total: number;
        comments: { id: string; body: unknown }[];
      };
      expect([page.startAt, page.maxResults, page.total]).toEqual([0, 5000, 3]);
      expect(page.comments.map((c) => [c.id, c.body])).toEqual([
        ["10001", adf("um")],
        ["10002", adf("dois")],
        ["10003", adf("três")],
      ]);
      const second = await call("GET", "/issue/SUPP-1/comment?startAt=1&maxResults=1");
      expect(second.json).toMatchObject({ startAt: 1, maxResults: 1, total: 3, comments: [{ id: "10002" }] });
      const newest = await call("GET", "/issue/SUPP-1/comment?orderBy=-created");
      expect((newest.json as typeof page).comments.map((c) => c.id)).toEqual(["10003", "10002", "10001"]);
      expect((await call("GET", "/issue/SUPP-1/comment/10002")).json).toMatchObject({
        id: "10002",
        body: adf("dois"),
      });
      expect((await call("GET", "/issue/SUPP-9/comment")).status).toBe(404);
    });

    it("PUT edits the body (and visibility) and answers the comment; DELETE answers 204", async () => {
      jira.setNow(minutes(0));
      await create(supportCase);
      await call("POST", "/issue/SUPP-1/comment", { body: adf("Primeira versão") });
      await call("POST", "/issue/SUPP-1/comment", { body: adf("Outro") });
      jira.setNow(minutes(5));
      const edited = await call("PUT", "/issue/SUPP-1/comment/10001", {
        body: adf("Segunda versão"),
        visibility: { type: "role", value: "Service Desk Team" },
      });
      expect(edited.status).toBe(200);
      expect(edited.json).toEqual({
        self: `${jira.url}/rest/api/3/issue/10001/comment/10001`,
        id: "10001",
        author: bot(),
        body: adf("Segunda versão"),
        updateAuthor: bot(),
        created: "2026-03-01T12:00:00.000+0000",
        updated: "2026-03-01T12:05:00.000+0000",
        visibility: { type: "role", value: "Service Desk Team", identifier: "Service Desk Team" },
      });
      const lifted = await call("PUT", "/issue/SUPP-1/comment/10001", {
        body: adf("Terceira"),
        visibility: null,
      });
      expect(lifted.json).not.toHaveProperty("visibility");
      expect((await call("PUT", "/issue/SUPP-1/comment/10001", { body: "x" })).status).toBe(400);
      jira.setNow(minutes(9));
      const removed = await call("DELETE", "/issue/SUPP-1/comment/10002");
      expect([removed.status, removed.text]).toEqual([204, ""]);
      const list = (await call("GET", "/issue/SUPP-1/comment")).json as {
        total: number;
        comments: { id: string }[];
      };
      expect([list.total, list.comments.map((c) => c.id)]).toEqual([1, ["10001"]]);
      const issue = jira.issues[0]!;
      expect(issue.commentRecords.map((c) => c.body)).toEqual([adf("Terceira")]);
      expect(issue.comments).toEqual([adf("Primeira versão"), adf("Outro")]);
      expect(issue.updated).toEqual(minutes(9));
      const gone = await call("DELETE", "/issue/SUPP-1/comment/10002");
      expect(gone.status).toBe(404);
      expect(gone.json).toEqual({ errorMessages: ["Can not find a comment for the id: 10002."], errors: {} });
      expect((await call("PUT", "/issue/SUPP-1/comment/99", { body: adf("x") })).status).toBe(404);
    });

    it("addSupportComment adds a comment by support staff, restricted or not, as the API would", async () => {
      jira.setNow(minutes(0));
      await create(supportCase);
      jira.setNow(minutes(2));
      const reply = jira.addSupportComment("SUPP-1", "Olá!\nJá corrigimos a nota.");
      const hidden = jira.addSupportComment("10001", adf("Nota interna"), {
        visibility: { type: "role", value: "Administrators" },
      });
      expect(reply).toEqual({
        id: "10001",
        author: SUPPORT_USER,
        updateAuthor: SUPPORT_USER,
        body: adf("Olá!", "Já corrigimos a nota."),
        created: minutes(2),
        updated: minutes(2),
      });
      expect(hidden.visibility).toEqual({ type: "role", value: "Administrators" });
      const list = (await call("GET", "/issue/SUPP-1/comment")).json as { comments: unknown[] };
      expect(list.comments).toEqual([
        {
          self: `${jira.url}/rest/api/3/issue/10001/comment/10001`,
          id: "10001",
          author: support(),
          body: adf("Olá!", "Já corrigimos a nota."),
          updateAuthor: support(),
          created: "2026-03-01T12:02:00.000+0000",
          updated: "2026-03-01T12:02:00.000+0000",
        },
        expect.objectContaining({
          id: "10002",
          author: support(),
          visibility: { type: "role", value: "Administrators", identifier: "Administrators" },
        }),
      ]);
      expect(jira.issues[0]!.comments).toHaveLength(2);
      expect(jira.issues[0]!.updated).toEqual(minutes(2));
      expect(() => jira.addSupportComment("SUPP-1", { type: "doc" })).toThrow(/refused by the fake Jira/);
      expect(() => jira.addSupportComment("SUPP-9", "x")).toThrow("The fake Jira has no issue 'SUPP-9'.");
      const other = { accountId: "712020:ana", displayName: "Ana (N2)" };
      expect(jira.addSupportComment("SUPP-1", "Assumi", { author: other }).author).toEqual(other);
    });
  });

  describe("attachments", () => {
    const upload = (key: string, files: { name: string; bytes: Buffer; type?: string }[], token = true) => {
      const form = new FormData();
      for (const file of files)
        form.append(
          "file",
          new Blob([new Uint8Array(file.bytes)], file.type ? { type: file.type } : {}),
          file.name,
        );
      return fetch(`${jira.url}/rest/api/3/issue/${key}/attachments`, {
        method: "POST",
        headers: { Authorization: AUTH, ...(token ? { "X-Atlassian-Token": "no-check" } : {}) },
        body: form,
      });
    };
    // Bytes that look like multipart syntax: CR LF, dashes, a fake boundary, and every byte value.
    const tricky = Buffer.concat([
      Buffer.from("\r\n--\r\n------formdata-undici-0\r\n\r\n"),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from("\r\n"),
    ]);

    it("keeps the bytes of every part named file and answers Jira's attachment array", async () => {
      jira.setNow(minutes(0));
      await create(supportCase);
      jira.setNow(minutes(4));
      const pdf = Buffer.from("%PDF-1.7\n% binary \u00e2\u00e3\u00cf\u00d3\n");
      const answer = await upload("SUPP-1", [
        { name: "nota fiscal ção.pdf", bytes: pdf, type: "application/pdf" },
        { name: "log.bin", bytes: tricky },
      ]);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual([
        {
          self: `${jira.url}/rest/api/3/attachment/10001`,
          id: "10001",
          filename: "nota fiscal ção.pdf",
          author: bot(),
          created: "2026-03-01T12:04:00.000+0000",
          size: pdf.length,
          mimeType: "application/pdf",
          content: `${jira.url}/rest/api/3/attachment/content/10001`,
        },
        {
          self: `${jira.url}/rest/api/3/attachment/10002`,
          id: "10002",
          filename: "log.bin",
          author: bot(),
          created: "2026-03-01T12:04:00.000+0000",
          size: tricky.length,
          mimeType: "application/octet-stream",
          content: `${jira.url}/rest/api/3/attachment/content/10002`,
        },
      ]);
      const [first, second] = jira.issues[0]!.attachments;
      expect(first!.content.equals(pdf)).toBe(true);
      expect(second!.content.equals(tricky)).toBe(true);
      expect(jira.issues[0]!.updated).toEqual(minutes(4));
      const download = await fetch(`${jira.url}/rest/api/3/attachment/content/10002`, {
        headers: { Authorization: AUTH },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(tricky)).toBe(true);
      const meta = await call("GET", "/attachment/10001");
      expect(meta.json).toMatchObject({ id: "10001", filename: "nota fiscal ção.pdf", size: pdf.length });
      const listed = await call("GET", "/issue/SUPP-1?fields=attachment");
      expect(
        (listed.json as { fields: { attachment: { id: string }[] } }).fields.attachment.map((a) => a.id),
      ).toEqual(["10001", "10002"]);
      expect(jira.requests.at(-4)).toEqual({
        method: "POST",
        path: "/rest/api/3/issue/SUPP-1/attachments",
        body: expect.stringMatching(/^\[multipart\/form-data, \d+ bytes\]$/),
      });
    });

    it("refuses an upload without X-Atlassian-Token: no-check with 403, as Jira's XSRF check does", async () => {
      await create(supportCase);
      const answer = await upload("SUPP-1", [{ name: "a.txt", bytes: Buffer.from("a") }], false);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ errorMessages: ["XSRF check failed"], errors: {} });
      expect(jira.issues[0]!.attachments).toEqual([]);
      const wrong = await fetch(`${jira.url}/rest/api/3/issue/SUPP-1/attachments`, {
        method: "POST",
        headers: { Authorization: AUTH, "X-Atlassian-Token": "check" },
        body: new FormData(),
      });
      expect(wrong.status).toBe(403);
    });

    it("accepts a file of 12 MB", async () => {
      await create(supportCase);
      const big = Buffer.alloc(12 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4096) big.writeUInt32BE(i, i);
      const answer = await upload("SUPP-1", [{ name: "video.mp4", bytes: big, type: "video/mp4" }]);
      expect(answer.status).toBe(200);
      expect((await answer.json()) as unknown[]).toMatchObject([{ size: big.length, mimeType: "video/mp4" }]);
      expect(jira.issues[0]!.attachments[0]!.content.equals(big)).toBe(true);
    });

    it("answers 413 past the attachment limit, 400 without a part named file, 415 when not multipart, 404 for no issue", async () => {
      const small = await startFakeJira({ maxAttachmentRequestBytes: 2000 });
      try {
        const issue = await fetch(`${small.url}/rest/api/3/issue`, {
          method: "POST",
          headers: { Authorization: AUTH, "Content-Type": "application/json" },
          body: JSON.stringify({ fields: supportCase }),
        });
        expect(issue.status).toBe(201);
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(3000)]), "big.bin");
        const tooBig = await fetch(`${small.url}/rest/api/3/issue/SUPP-1/attachments`, {
          method: "POST",
          headers: { Authorization: AUTH, "X-Atlassian-Token": "no-check" },
          body: form,
        });
        expect(tooBig.status).toBe(413);
        expect(await tooBig.json()).toEqual({
          errorMessages: ["Request body exceeds the limit of 2000 bytes."],
          errors: {},
        });
        expect(small.issues[0]!.attachments).toEqual([]);
      } finally {
        await small.close();
      }
      await create(supportCase);
      const form = new FormData();
      form.append("anexo", new Blob(["x"]), "x.txt");
      const unnamed = await fetch(`${jira.url}/rest/api/3/issue/SUPP-1/attachments`, {
        method: "POST",
        headers: { Authorization: AUTH, "X-Atlassian-Token": "no-check" },
        body: form,
      });
      expect(unnamed.status).toBe(400);
      expect(await unnamed.json()).toEqual({
        errorMessages: ["No file was attached: send each file in a multipart part named 'file'."],
        errors: {},
      });
      const json = await call(
        "POST",
        "/issue/SUPP-1/attachments",
        { file: "x" },
        { headers: { "X-Atlassian-Token": "no-check" } },
      );
      expect(json.status).toBe(415);
      expect((await upload("SUPP-7", [{ name: "a", bytes: Buffer.from("a") }])).status).toBe(404);
      expect(jira.issues[0]!.attachments).toEqual([]);
    });

    it("parses a hand-written multipart body: RFC 5987 file names, other fields ignored, quoted boundary", async () => {
      await create(supportCase);
      const boundary = "xYz+123";
      const raw = Buffer.concat([
        Buffer.from(
          `preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\nignored\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''relat%C3%B3rio%20final.txt\r\n` +
            "Content-Type: text/plain; charset=utf-8\r\n\r\n",
        ),
        Buffer.from("linha 1\r\nlinha 2"),
        Buffer.from(
          `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="vazio.txt"\r\n\r\n`,
        ),
        Buffer.from(`\r\n--${boundary}--\r\nepilogue`),
      ]);
      const answer = await fetch(`${jira.url}/rest/api/3/issue/SUPP-1/attachments`, {
        method: "POST",
        headers: {
          Authorization: AUTH,
          "X-Atlassian-Token": "no-check",
          "Content-Type": `multipart/form-data; boundary="${boundary}"`,
        },
        body: raw,
      });
      expect(answer.status).toBe(200);
      expect(jira.issues[0]!.attachments.map((a) => [a.filename, a.mimeType, a.content.toString()])).toEqual([
        ["relatório final.txt", "text/plain", "linha 1\r\nlinha 2"],
        ["vazio.txt", "application/octet-stream", ""],
      ]);
      const broken = await fetch(`${jira.url}/rest/api/3/issue/SUPP-1/attachments`, {
        method: "POST",
        headers: {
          Authorization: AUTH,
          "X-Atlassian-Token": "no-check",
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
        },
        body: raw.subarray(0, raw.length - 30),
      });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toEqual({
        errorMessages: ["The multipart request is malformed."],
        errors: {},
      });
    });
  });

  describe("webhooks", () => {
    const SECRET = "webhook-secret-of-the-test";

    interface Received {
      headers: IncomingHttpHeaders;
      raw: string;
      json: Record<string, unknown>;
    }

    /** A webhook receiver on 127.0.0.1; `answer` gives the status of the n-th request (1-based), or "hang". */
    async function startReceiver(answer: (n: number) => number | "hang" = () => 204) {
      const received: Received[] = [];
      const waiters = new Set<() => void>();
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({ headers: req.headers, raw, json: JSON.parse(raw) as Record<string, unknown> });
          for (const waiter of waiters) waiter();
          const status = answer(received.length);
          if (status !== "hang") res.writeHead(status).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}/webhooks/jira`,
        received,
        /** Resolves once `count` requests arrived. */
        until(count: number) {
          return new Promise<void>((resolve) => {
            const check = () => {
              if (received.length < count) return;
              waiters.delete(check);
              resolve();
            };
            waiters.add(check);
            check();
          });
        },
        close() {
          return new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          });
        },
      };
    }

    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    afterEach(async () => {
      await receiver?.close();
    });

    const sign = (raw: string, secret = SECRET) =>
      `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
    const events = () => receiver.received.map((r) => r.json.webhookEvent);
    const issueFields = (fields: Record<string, unknown>) =>
      expect.objectContaining({
        summary: expect.any(String),
        labels: expect.any(Array),
        project: expect.objectContaining({ key: expect.any(String) }),
        ...fields,
      });

    it("signs jira:issue_updated for a transition with X-Hub-Signature over the exact raw body", async () => {
      receiver = await startReceiver();
      jira.setNow(minutes(0));
      await create(supportCase);
      jira.configureWebhook({ url: receiver.url, secret: SECRET });
      jira.setNow(minutes(10));
      expect((await call("POST", "/issue/SUPP-1/transitions", { transition: { id: "21" } })).status).toBe(
        204,
      );
      await jira.webhooksSettled();
      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(delivery!.headers["content-type"]).toBe("application/json");
      expect(delivery!.headers["x-atlassian-webhook-identifier"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(delivery!.headers["x-atlassian-webhook-retry"]).toBeUndefined();
      expect(delivery!.headers["x-hub-signature"]).toBe(sign(delivery!.raw));
      expect(delivery!.headers["x-hub-signature"]).not.toBe(sign(delivery!.raw, "another-secret-entirely"));
      expect(delivery!.json).toEqual({
        timestamp: T0 + 10 * 60_000,
        webhookEvent: "jira:issue_updated",
        issue_event_type_name: "issue_generic",
        user: bot(),
        issue: {
          id: "10001",
          key: "SUPP-1",
          self: `${jira.url}/rest/api/3/issue/10001`,
          fields: {
            summary: "Nota fiscal rejeitada",
            status: status("3", "In Progress", "indeterminate"),
            labels: [],
            priority: { name: "Medium", id: "3" },
            issuetype: { id: "10007", name: "Support" },
            project: { id: "10002", key: "SUPP", name: "SUPP" },
            created: "2026-03-01T12:00:00.000+0000",
            updated: "2026-03-01T12:10:00.000+0000",
            duedate: null,
            assignee: null,
            issuelinks: [],
          },
        },
        changelog: {
          id: expect.stringMatching(/^\d+$/),
          items: [
            {
              field: "status",
              fieldtype: "jira",
              fieldId: "status",
              from: "1",
              fromString: "To Do",
              to: "3",
              toString: "In Progress",
            },
          ],
        },
      });
      expect(jira.webhookDeliveries).toEqual([
        {
          identifier: delivery!.headers["x-atlassian-webhook-identifier"],
          attempt: 1,
          event: "jira:issue_updated",
          issueKey: "SUPP-1",
          body: delivery!.raw,
          payload: delivery!.json,
          headers: {
            "Content-Type": "application/json",
            "User-Agent": "Atlassian Webhook HTTP Client",
            "X-Atlassian-Webhook-Identifier": delivery!.headers["x-atlassian-webhook-identifier"],
            "X-Hub-Signature": sign(delivery!.raw),
          },
          url: receiver.url,
          state: "answered",
          status: 204,
        },
      ]);
    });

    it("sends jira:issue_updated for edits with a changelog of what changed, nothing for an edit that changes nothing", async () => {
      receiver = await startReceiver();
      await create({ ...supportCase, labels: ["portal"] });
      jira.configureWebhook({ url: receiver.url, secret: SECRET });
      await call("PUT", "/issue/SUPP-1", {
        fields: { summary: "Nota fiscal rejeitada (SP)", labels: ["portal", "nfe"] },
      });
      await call("PUT", "/issue/SUPP-1", { fields: { summary: "Nota fiscal rejeitada (SP)" } });
      jira.transitionAsSupport("SUPP-1", "Resolve");
      await jira.webhooksSettled();
      expect(events()).toEqual(["jira:issue_updated", "jira:issue_updated"]);
      const [edit, resolve] = receiver.received.map((r) => r.json);
      expect(edit).toMatchObject({
        issue_event_type_name: "issue_updated",
        user: { accountId: ACCOUNT_ID },
        issue: { key: "SUPP-1", fields: issueFields({ labels: ["portal", "nfe"] }) },
        changelog: {
          items: [
            expect.objectContaining({
              field: "summary",
              fromString: "Nota fiscal rejeitada",
              toString: "Nota fiscal rejeitada (SP)",
            }),
            expect.objectContaining({ field: "labels", fromString: "portal", toString: "portal nfe" }),
          ],
        },
      });
      expect(resolve).toMatchObject({
        issue_event_type_name: "issue_generic",
        user: { accountId: "712020:suporte", displayName: "Equipe de Suporte" },
        issue: { fields: { status: status("5", "Done", "done") } },
        changelog: {
          items: [expect.objectContaining({ field: "status", fromString: "To Do", toString: "Done" })],
        },
      });
      expect(jira.issues[0]!.transitions).toEqual(["Resolve"]);
      expect(() => jira.transitionAsSupport("SUPP-1", "Fly")).toThrow(
        "The fake Jira has no transition 'Fly'.",
      );
    });

    it("DELETE /issue/{key} answers 204 and sends jira:issue_deleted with the issue as it was", async () => {
      receiver = await startReceiver();
      await create(supportCase);
      await create({ ...supportCase, summary: "Outro" });
      jira.configureWebhook({ url: receiver.url, secret: SECRET });
      const answer = await call("DELETE", "/issue/SUPP-1");
      expect([answer.status, answer.text]).toEqual([204, ""]);
      expect(jira.issues.map((i) => i.key)).toEqual(["SUPP-2"]);
      expect((await call("GET", "/issue/SUPP-1")).status).toBe(404);
      const found = await call("POST", "/search/jql", { jql: "project = SUPP" });
      expect((found.json as { issues: { key: string }[] }).issues.map((i) => i.key)).toEqual(["SUPP-2"]);
      await jira.webhooksSettled();
      expect(receiver.received.map((r) => r.json)).toEqual([
        {
          timestamp: expect.any(Number),
          webhookEvent: "jira:issue_deleted",
          issue_event_type_name: "issue_deleted",
          user: bot(),
          issue: expect.objectContaining({
            id: "10001",
            key: "SUPP-1",
            fields: issueFields({ summary: "Nota fiscal rejeitada", status: status("1", "To Do", "new") }),
          }),
        },
      ]);
      expect(receiver.received[0]!.headers["x-hub-signature"]).toBe(sign(receiver.received[0]!.raw));
    });

    it("sends comment_created, comment_updated and comment_deleted, with the visibility of restricted comments", async () => {
      receiver = await startReceiver();
      jira.setNow(minutes(0));
      await create(supportCase);
      jira.configureWebhook({ url: receiver.url, secret: SECRET });
      await call("POST", "/issue/SUPP-1/comment", { body: adf("Pode me ajudar?") });
      jira.setNow(minutes(1));
      jira.addSupportComment("SUPP-1", "Nota interna", {
        visibility: { type: "role", value: "Administrators" },
      });
      jira.setNow(minutes(2));
      await call("PUT", "/issue/SUPP-1/comment/10001", { body: adf("Pode me ajudar, por favor?") });
      await call("DELETE", "/issue/SUPP-1/comment/10001");
      await jira.webhooksSettled();
      expect(events()).toEqual(["comment_created", "comment_created", "comment_updated", "comment_deleted"]);
      for (const delivery of receiver.received)
        expect(delivery.headers["x-hub-signature"]).toBe(sign(delivery.raw));
      const [created, internal, updated, deleted] = receiver.received.map((r) => r.json);
      expect(created).toEqual({
        timestamp: T0,
        webhookEvent: "comment_created",
        comment: {
          self: `${jira.url}/rest/api/3/issue/10001/comment/10001`,
          id: "10001",
          author: bot(),
          body: adf("Pode me ajudar?"),
          updateAuthor: bot(),
          created: "2026-03-01T12:00:00.000+0000",
          updated: "2026-03-01T12:00:00.000+0000",
        },
        issue: expect.objectContaining({
          key: "SUPP-1",
          fields: issueFields({ status: status("1", "To Do", "new") }),
        }),
      });
      expect(internal).toMatchObject({
        webhookEvent: "comment_created",
        comment: {
          id: "10002",
          author: support(),
          body: adf("Nota interna"),
          visibility: { type: "role", value: "Administrators", identifier: "Administrators" },
        },
        issue: { fields: { updated: "2026-03-01T12:01:00.000+0000" } },
      });
      expect(created!.comment).not.toHaveProperty("visibility");
      expect(updated).toMatchObject({
        webhookEvent: "comment_updated",
        comment: {
          id: "10001",
          body: adf("Pode me ajudar, por favor?"),
          updated: "2026-03-01T12:02:00.000+0000",
        },
      });
      expect(deleted).toMatchObject({ webhookEvent: "comment_deleted", comment: { id: "10001" } });
      expect(new Set(receiver.received.map((r) => r.headers["x-atlassian-webhook-identifier"])).size).toBe(4);
      expect(created).not.toHaveProperty("issue_event_type_name");
    });

    it("can send comment bodies as plain text, and jira:issue_updated for comments too", async () => {
      receiver = await startReceiver();
      await create(supportCase);
      jira.configureWebhook({
        url: receiver.url,
        secret: SECRET,
        commentBodyFormat: "text",
        issueUpdatedOnComment: true,
      });
      jira.addSupportComment("SUPP-1", "Olá\nSegunda linha");
      await jira.webhooksSettled();
      expect(events()).toEqual(["comment_created", "jira:issue_updated"]);
      expect(receiver.received[0]!.json.comment).toMatchObject({ body: "Olá\nSegunda linha" });
      expect(receiver.received[1]!.json).toMatchObject({
        issue_event_type_name: "issue_commented",
        user: support(),
        comment: { id: "10001", body: "Olá\nSegunda linha" },
      });
      expect(receiver.received[1]!.json).not.toHaveProperty("changelog");
    });

    it("sends only the events subscribed, none before configureWebhook or after configureWebhook(null), unsigned without secret", async () => {
      receiver = await startReceiver();
      await create(supportCase);
      jira.configureWebhook({ url: receiver.url, events: ["jira:issue_created", "comment_created"] });
      await create({ ...supportCase, summary: "Segundo" });
      await call("POST", "/issue/SUPP-1/transitions", { transition: { id: "21" } });
      jira.addSupportComment("SUPP-2", "Oi");
      await jira.webhooksSettled();
      expect(events()).toEqual(["jira:issue_created", "comment_created"]);
      expect(receiver.received[0]!.json).toMatchObject({
        issue_event_type_name: "issue_created",
        issue: { key: "SUPP-2" },
      });
      expect(receiver.received[0]!.headers["x-hub-signature"]).toBeUndefined();
      jira.configureWebhook(null);
      jira.addSupportComment("SUPP-2", "De novo");
      await jira.webhooksSettled();
      expect(receiver.received).toHaveLength(2);
      expect(jira.webhookDeliveries).toHaveLength(2);
    });

    it("holds deliveries until released, in order or reversed", async () => {
      receiver = await startReceiver();
      await create(supportCase);
      jira.configureWebhook({ url: receiver.url, secret: SECRET });
      jira.holdWebhooks();
      jira.addSupportComment("SUPP-1", "primeiro");
      jira.addSupportComment("SUPP-1", "segundo");
      await jira.webhooksSettled();
      expect(receiver.received).toEqual([]);
      expect(jira.webhookDeliveries.map((d) => d.state)).toEqual(["held", "held"]);
      await jira.releaseWebhooks();
      expect(receiver.received.map((r) => (r.json.comment as { id: string }).id)).toEqual(["10001", "10002"]);
      expect(jira.webhookDeliveries.map((d) => [d.state, d.status])).toEqual([
        ["answered", 204],
        ["answered", 204],
      ]);
      jira.holdWebhooks();
      jira.addSupportComment("SUPP-1", "terceiro");
      jira.addSupportComment("SUPP-1", "quarto");
      await jira.releaseWebhooks({ reverse: true });
      expect(receiver.received.map((r) => (r.json.comment as { id: string }).id)).toEqual([
        "10001",
        "10002",
        "10004",
        "10003",
      ]);
      jira.addSupportComment("SUPP-1", "quinto");
      await jira.webhooksSettled();
      expect(receiver.received).toHaveLength(5);
    });

    it("drops the next deliveries, and redelivers one later with the same identifier, body and signature", async () => {
      receiver = await startReceiver();
      await create(supportCase);
      jira.configureWebhook({ url: receiver.url, secret: SECRET });
      jira.dropNextWebhooks(1);
      jira.addSupportComment("SUPP-1", "perdido");
      jira.addSupportComment("SUPP-1", "entregue");
      await jira.webhooksSettled();
      expect(jira.webhookDeliveries.map((d) => d.state)).toEqual(["dropped", "answered"]);
      expect(receiver.received.map((r) => (r.json.comment as { id: string }).id)).toEqual(["10002"]);
      const lost = jira.webhookDeliveries[0]!;
      const again = jira.redeliver(lost.identifier);
      expect(again).toMatchObject({ identifier: lost.identifier, attempt: 2, body: lost.body });
      await jira.webhooksSettled();
      const repeated = receiver.received[1]!;
      expect(repeated.raw).toBe(lost.body);
      expect(repeated.headers["x-atlassian-webhook-identifier"]).toBe(lost.identifier);
      expect(repeated.headers["x-atlassian-webhook-retry"]).toBe("1");
      expect(repeated.headers["x-hub-signature"]).toBe(sign(lost.body));
      expect((repeated.json.comment as { id: string }).id).toBe("10001");
      // redeliver() without identifier repeats the last delivery: a duplicate the receiver must recognise.
      jira.redeliver();
      await jira.webhooksSettled();
      expect(receiver.received).toHaveLength(3);
      expect(receiver.received[2]!.raw).toBe(receiver.received[1]!.raw);
      expect(receiver.received[2]!.headers["x-atlassian-webhook-identifier"]).toBe(lost.identifier);
      expect(receiver.received[2]!.headers["x-atlassian-webhook-retry"]).toBe("2");
      expect(
        jira.webhookDeliveries.map((d) => [d.identifier === lost.identifier, d.attempt, d.state]),
      ).toEqual([
        [true, 1, "dropped"],
        [false, 1, "answered"],
        [true, 2, "answered"],
        [true, 3, "answered"],
      ]);
      expect(() => jira.redeliver("nope")).toThrow("The fake Jira has no webhook delivery 'nope'.");
      jira.dropNextWebhooks(3);
      jira.reset();
      jira.addSupportComment("SUPP-1", "depois do reset");
      await jira.webhooksSettled();
      expect(receiver.received).toHaveLength(4);
    });

    it("records the receiver's error status, and a receiver that is down, without disturbing the API", async () => {
      receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
      await create(supportCase);
      jira.configureWebhook({ url: receiver.url, secret: SECRET });
      jira.addSupportComment("SUPP-1", "um");
      jira.addSupportComment("SUPP-1", "dois");
      await jira.webhooksSettled();
      expect(jira.webhookDeliveries.map((d) => [d.state, d.status])).toEqual([
        ["answered", 500],
        ["answered", 200],
      ]);
      const downUrl = receiver.url;
      await receiver.close();
      jira.configureWebhook({ url: downUrl, secret: SECRET });
      const answer = await call("POST", "/issue/SUPP-1/comment", { body: adf("três") });
      expect(answer.status).toBe(201);
      await jira.webhooksSettled();
      const failed = jira.webhookDeliveries[2]!;
      expect(failed.state).toBe("failed");
      expect(failed.status).toBeUndefined();
      expect(failed.error).toMatch(/ECONNREFUSED/);
      expect((await call("GET", "/myself")).status).toBe(200);
    });

    it("answers the API while the receiver hangs; the delivery fails after its timeout", async () => {
      receiver = await startReceiver(() => "hang");
      await create(supportCase);
      jira.configureWebhook({ url: receiver.url, secret: SECRET, timeoutMs: 200 });
      const answer = await call("POST", "/issue/SUPP-1/transitions", { transition: { id: "41" } });
      expect(answer.status).toBe(204);
      await receiver.until(1);
      expect(jira.webhookDeliveries[0]!.state).toBe("sending");
      await jira.webhooksSettled();
      expect(jira.webhookDeliveries[0]).toMatchObject({ state: "failed", error: "No answer within 200 ms" });
    });

    it("close() abandons a delivery in flight and the held ones, and returns", async () => {
      receiver = await startReceiver(() => "hang");
      const closing = await startFakeJira();
      try {
        await fetch(`${closing.url}/rest/api/3/issue`, {
          method: "POST",
          headers: { Authorization: AUTH, "Content-Type": "application/json" },
          body: JSON.stringify({ fields: supportCase }),
        });
        closing.configureWebhook({ url: receiver.url, secret: SECRET });
        closing.addSupportComment("SUPP-1", "em voo");
        await receiver.until(1);
        closing.holdWebhooks();
        closing.addSupportComment("SUPP-1", "retido");
      } finally {
        await closing.close();
      }
      expect(closing.webhookDeliveries.map((d) => d.state)).toEqual(["abandoned", "abandoned"]);
      await closing.webhooksSettled();
      closing.addSupportComment("SUPP-1", "depois");
      expect(closing.webhookDeliveries).toHaveLength(2);
    });

    it("webhooksSettled resolves at once when nothing is on its way", async () => {
      await expect(jira.webhooksSettled()).resolves.toBeUndefined();
      receiver = await startReceiver();
      jira.configureWebhook({ url: receiver.url });
      await expect(jira.webhooksSettled()).resolves.toBeUndefined();
      expect(jira.webhookDeliveries).toEqual([]);
    });

    it("sends an attachment as jira:issue_updated with an Attachment changelog item", async () => {
      receiver = await startReceiver();
      await create(supportCase);
      jira.configureWebhook({ url: receiver.url, secret: SECRET });
      const form = new FormData();
      form.append("file", new Blob(["print"], { type: "image/png" }), "tela.png");
      await fetch(`${jira.url}/rest/api/3/issue/SUPP-1/attachments`, {
        method: "POST",
        headers: { Authorization: AUTH, "X-Atlassian-Token": "no-check" },
        body: form,
      });
      await jira.webhooksSettled();
      expect(receiver.received.map((r) => r.json)).toEqual([
        expect.objectContaining({
          webhookEvent: "jira:issue_updated",
          issue_event_type_name: "issue_updated",
          changelog: {
            id: expect.any(String),
            items: [
              {
                field: "Attachment",
                fieldtype: "jira",
                fieldId: "Attachment",
                from: null,
                fromString: null,
                to: "10001",
                toString: "tela.png",
              },
            ],
          },
        }),
      ]);
    });
  });

  describe("search for reconciliation", () => {
    /** SUPP-1 at 12:00, FDVW-1 at 12:05, MKT-1 at 12:10, SUPP-2 at 12:15; then SUPP-1 moves at 12:20. */
    beforeEach(async () => {
      jira.setNow(minutes(0));
      await create(supportCase);
      jira.setNow(minutes(5));
      await create({ ...validFields, labels: ["portal"] });
      jira.setNow(minutes(10));
      await create({ project: { key: "MKT" }, summary: "Mkt", issuetype: { id: "10001" } });
      jira.setNow(minutes(15));
      await create({ ...supportCase, summary: "Segundo", labels: ["portal"] });
      jira.setNow(minutes(20));
      await call("POST", "/issue/SUPP-1/transitions", { transition: { id: "21" } });
      jira.setNow(minutes(30));
    });

    const keys = async (jql: string, extra: Record<string, unknown> = {}) => {
      const answer = await call("POST", "/search/jql", { jql, ...extra });
      expect(answer.status).toBe(200);
      return (answer.json as { issues: { key: string }[] }).issues.map((i) => i.key);
    };

    it("finds what changed since T in SUPP or FDVW, newest first, with status category, updated and labels", async () => {
      const answer = await call("POST", "/search/jql", {
        jql: 'project in (SUPP, FDVW) AND updated >= "2026/03/01 12:05" ORDER BY updated DESC',
        fields: ["status", "updated", "labels"],
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        issues: [
          {
            id: "10001",
            key: "SUPP-1",
            self: `${jira.url}/rest/api/3/issue/10001`,
            fields: {
              status: status("3", "In Progress", "indeterminate"),
              updated: "2026-03-01T12:20:00.000+0000",
              labels: [],
            },
          },
          {
            id: "10004",
            key: "SUPP-2",
            self: `${jira.url}/rest/api/3/issue/10004`,
            fields: {
              status: status("1", "To Do", "new"),
              updated: "2026-03-01T12:15:00.000+0000",
              labels: ["portal"],
            },
          },
          {
            id: "10002",
            key: "FDVW-1",
            self: `${jira.url}/rest/api/3/issue/10002`,
            fields: {
              status: status("1", "To Do", "new"),
              updated: "2026-03-01T12:05:00.000+0000",
              labels: ["portal"],
            },
          },
        ],
        isLast: true,
      });
    });

    it.each([
      ['updated >= "2026/03/01 12:15"', ["SUPP-1", "SUPP-2"]],
      ['updated > "2026/03/01 12:15"', ["SUPP-1"]],
      ['updated < "2026-03-01 12:05"', []],
      ['updated <= "2026-03-01 12:05"', ["FDVW-1"]],
      ['updated >= "2026/03/01"', ["SUPP-1", "FDVW-1", "SUPP-2"]],
      ['updated >= "2026/03/02"', []],
      ["updated >= -11m", ["SUPP-1"]],
      ['updated >= "-16m"', ["SUPP-1", "SUPP-2"]],
      ['updated >= "-1h"', ["SUPP-1", "FDVW-1", "SUPP-2"]],
      ['updated >= "-1d 1h"', ["SUPP-1", "FDVW-1", "SUPP-2"]],
      ['created >= "2026/03/01 12:05" AND created < "2026/03/01 12:15"', ["FDVW-1"]],
    ])("project in (SUPP, FDVW) AND %s", async (clause, expected) => {
      expect(await keys(`project in (SUPP, FDVW) AND ${clause} ORDER BY key ASC`)).toEqual(
        [...expected].sort(),
      );
    });

    it("combines labels, status and statusCategory; orders by updated, created or key", async () => {
      expect(await keys('labels = portal AND updated >= "2026/03/01 12:00" ORDER BY updated DESC')).toEqual([
        "SUPP-2",
        "FDVW-1",
      ]);
      expect(await keys('statusCategory = "In Progress"')).toEqual(["SUPP-1"]);
      expect(await keys("statusCategory in (new, 3)")).toEqual(["FDVW-1", "MKT-1", "SUPP-2"]);
      expect(await keys('status = "In Progress" AND project = SUPP')).toEqual(["SUPP-1"]);
      expect(await keys("project in (SUPP, FDVW, MKT) ORDER BY updated ASC")).toEqual([
        "FDVW-1",
        "MKT-1",
        "SUPP-2",
        "SUPP-1",
      ]);
      expect(await keys("project in (SUPP, MKT) ORDER BY created DESC")).toEqual([
        "SUPP-2",
        "MKT-1",
        "SUPP-1",
      ]);
      expect(await keys("project in (SUPP, MKT) ORDER BY key DESC")).toEqual(["SUPP-2", "SUPP-1", "MKT-1"]);
      expect(await keys("project = SUPP ORDER BY updated DESC, key ASC")).toEqual(["SUPP-1", "SUPP-2"]);
    });

    it("pages with maxResults and nextPageToken, isLast on the last page", async () => {
      const jql = 'project in (SUPP, FDVW) AND updated >= "-1d" ORDER BY updated DESC';
      const seen: string[] = [];
      let nextPageToken: string | undefined;
      const pages: boolean[] = [];
      do {
        const answer = await call("POST", "/search/jql", {
          jql,
          maxResults: 2,
          fields: ["updated"],
          nextPageToken,
        });
        const page = answer.json as { issues: { key: string }[]; isLast: boolean; nextPageToken?: string };
        seen.push(...page.issues.map((i) => i.key));
        pages.push(page.isLast);
        expect(page.isLast).toBe(page.nextPageToken === undefined);
        nextPageToken = page.nextPageToken;
      } while (nextPageToken);
      expect(seen).toEqual(["SUPP-1", "SUPP-2", "FDVW-1"]);
      expect(pages).toEqual([false, true]);
      const viaGet = await call(
        "GET",
        `/search/jql?jql=${encodeURIComponent(jql)}&maxResults=1&fields=status,updated`,
      );
      expect(viaGet.json).toMatchObject({
        issues: [{ key: "SUPP-1", fields: { status: { statusCategory: { key: "indeterminate" } } } }],
        isLast: false,
        nextPageToken: expect.any(String),
      });
    });

    it("answers at most 100 issues a page when fields beyond id and key are asked", async () => {
      for (let i = 0; i < 99; i++) await create({ ...supportCase, summary: `Chamado ${i}` });
      const full = await call("POST", "/search/jql", {
        jql: "project = SUPP",
        maxResults: 1000,
        fields: ["status"],
      });
      const fullPage = full.json as { issues: unknown[]; isLast: boolean; nextPageToken?: string };
      expect([fullPage.issues.length, fullPage.isLast]).toEqual([100, false]);
      const rest = await call("POST", "/search/jql", {
        jql: "project = SUPP",
        maxResults: 1000,
        fields: ["status"],
        nextPageToken: fullPage.nextPageToken,
      });
      expect(rest.json).toMatchObject({ issues: [{ key: "SUPP-101" }], isLast: true });
      const ids = await call("POST", "/search/jql", {
        jql: "project = SUPP",
        maxResults: 1000,
        fields: ["key"],
      });
      expect((ids.json as { issues: unknown[]; isLast: boolean }).issues).toHaveLength(101);
      expect((ids.json as { isLast: boolean }).isLast).toBe(true);
    });

    it.each([
      [
        'updated >= "2026/13/01 10:00"',
        "Date value '2026/13/01 10:00' for field 'updated' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'.",
      ],
      [
        'updated >= "yesterday"',
        "Date value 'yesterday' for field 'updated' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'.",
      ],
      [
        'updated = "2026/03/01"',
        "Error in the JQL Query: the operator '=' is not supported for 'updated' (the fake Jira supports project, labels, key, status, statusCategory, created and updated).",
      ],
      [
        "project = SUPP OR project = FDVW",
        "Error in the JQL Query: unexpected 'OR' (the fake Jira supports project, labels, key, status, statusCategory, created and updated).",
      ],
      [
        "updated >= startOfDay()",
        "Error in the JQL Query: unexpected '(' (the fake Jira supports project, labels, key, status, statusCategory, created and updated).",
      ],
      [
        "project = SUPP ORDER BY priority DESC",
        "Error in the JQL Query: ORDER BY key, created or updated only (the fake Jira supports project, labels, key, status, statusCategory, created and updated).",
      ],
      [
        "ORDER BY updated DESC",
        "Unbounded JQL queries are not allowed here. Please add a search restriction to your query.",
      ],
      ["status = Nope", "The value 'Nope' does not exist for the field 'status'."],
      ["statusCategory = Nope", "The value 'Nope' does not exist for the field 'statusCategory'."],
      [
        "resolution = Unresolved",
        "Field 'resolution' does not exist or you do not have permission to view it.",
      ],
    ])("refuses %j with 400 in Jira's error shape", async (jql, message) => {
      const answer = await call("POST", "/search/jql", { jql });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ errorMessages: [message], errors: {} });
    });
  });

  // -------------------------------------------------------------------------------------------------
  // What a sales team needs: due dates, assignees, issue links, outcomes

  describe("sales: due date, assignee, issue links, Won and Lost", () => {
    const lead = { project: { key: "FDVW" }, summary: "Demo para ACME", issuetype: { id: "10005" } };
    const fieldsOf = async (path: string) =>
      ((await call("GET", path)).json as { fields: Record<string, unknown> }).fields;
    /** Registers a webhook whose deliveries stay held: their payloads are recorded, nothing is sent. */
    const watch = (events?: FakeWebhookEvent[]) => {
      jira.configureWebhook({ url: "http://127.0.0.1:9/held", ...(events ? { events } : {}) });
      jira.holdWebhooks();
    };
    /** The parts of a webhook payload these tests read. */
    interface Sent {
      webhookEvent: string;
      issue_event_type_name: string;
      user: { accountId: string };
      issue: {
        key: string;
        fields: { duedate: string | null; assignee: unknown; issuelinks: unknown[]; status: unknown };
      };
      changelog: { items: { to: string | null }[] };
    }
    const payloads = () => jira.webhookDeliveries.map((d) => d.payload as unknown as Sent);
    const salesUser = (u: FakeJiraUser, active = u.active) => ({
      ...user(u.accountId, u.displayName),
      active,
    });

    describe("duedate", () => {
      it("is set on create, recorded, and answered by GET, search (*navigable, *all) and webhooks; null by default", async () => {
        watch(["jira:issue_created"]);
        expect((await create({ ...lead, duedate: "2026-03-10" })).status).toBe(201);
        expect((await create(lead)).status).toBe(201);
        expect(jira.issues.map((i) => i.duedate)).toEqual(["2026-03-10", null]);
        expect(jira.issues[0]!.fields.duedate).toBe("2026-03-10");
        expect(await fieldsOf("/issue/FDVW-1?fields=duedate")).toEqual({ duedate: "2026-03-10" });
        expect(await fieldsOf("/issue/FDVW-2?fields=duedate")).toEqual({ duedate: null });
        expect((await fieldsOf("/issue/FDVW-1")).duedate).toBe("2026-03-10");
        for (const wanted of ["*navigable", "*all"]) {
          const found = await call("POST", "/search/jql", { jql: "project = FDVW", fields: [wanted] });
          const issues = (found.json as { issues: { fields: { duedate: unknown } }[] }).issues;
          expect(issues.map((i) => i.fields.duedate)).toEqual(["2026-03-10", null]);
        }
        expect(payloads().map((p) => p.issue.fields.duedate)).toEqual(["2026-03-10", null]);
      });

      it("is changed and cleared by an edit, each change sent as jira:issue_updated with a duedate changelog item", async () => {
        jira.setNow(minutes(0));
        await create({ ...lead, duedate: "2026-03-10" });
        watch();
        jira.setNow(minutes(5));
        expect((await call("PUT", "/issue/FDVW-1", { fields: { duedate: "2026-03-20" } })).status).toBe(204);
        expect((await call("PUT", "/issue/FDVW-1", { fields: { duedate: "2026-03-20" } })).status).toBe(204);
        expect(jira.issues[0]!.duedate).toBe("2026-03-20");
        expect(await fieldsOf("/issue/FDVW-1?fields=duedate,updated")).toEqual({
          duedate: "2026-03-20",
          updated: "2026-03-01T12:05:00.000+0000",
        });
        jira.setNow(minutes(6));
        expect((await call("PUT", "/issue/FDVW-1", { fields: { duedate: null } })).status).toBe(204);
        expect(jira.issues[0]!.duedate).toBeNull();
        expect(payloads()).toHaveLength(2);
        const [set, cleared] = payloads();
        expect(set).toMatchObject({
          webhookEvent: "jira:issue_updated",
          issue_event_type_name: "issue_updated",
          user: { accountId: ACCOUNT_ID },
          issue: { key: "FDVW-1", fields: { duedate: "2026-03-20" } },
        });
        expect(set!.changelog.items).toEqual([
          {
            field: "duedate",
            fieldtype: "jira",
            fieldId: "duedate",
            from: "2026-03-10",
            fromString: "2026-03-10 00:00:00.0",
            to: "2026-03-20",
            toString: "2026-03-20 00:00:00.0",
          },
        ]);
        expect(cleared!.issue.fields.duedate).toBeNull();
        expect(cleared!.changelog.items).toEqual([
          expect.objectContaining({
            field: "duedate",
            from: "2026-03-20",
            fromString: "2026-03-20 00:00:00.0",
            to: null,
            toString: null,
          }),
        ]);
      });

      it.each([
        ["10/03/2026", "Error parsing date string: 10/03/2026"],
        ["2026-02-30", "Error parsing date string: 2026-02-30"],
        ["2026-3-1", "Error parsing date string: 2026-3-1"],
        ["2026-03-10T12:00:00.000Z", "Error parsing date string: 2026-03-10T12:00:00.000Z"],
        ["", "Error parsing date string: "],
        [20260310, "Operation value must be a string"],
        [{ value: "2026-03-10" }, "Operation value must be a string"],
      ])(
        "refuses the duedate %j with 400 on create and on edit, changing nothing",
        async (duedate, message) => {
          const refused = await create({ ...lead, duedate });
          expect(refused.status).toBe(400);
          expect(refused.json).toEqual({ errorMessages: [], errors: { duedate: message } });
          expect(jira.issues).toEqual([]);
          await create({ ...lead, duedate: "2026-03-10" });
          watch();
          const edit = await call("PUT", "/issue/FDVW-1", { fields: { summary: "Outro", duedate } });
          expect(edit.status).toBe(400);
          expect(edit.json).toEqual({ errorMessages: [], errors: { duedate: message } });
          expect([jira.issues[0]!.duedate, jira.issues[0]!.summary, jira.issues[0]!.edits]).toEqual([
            "2026-03-10",
            "Demo para ACME",
            [],
          ]);
          expect(jira.webhookDeliveries).toEqual([]);
        },
      );
    });

    describe("assignee", () => {
      it("has the sales users and an inactive one in its directory by default", () => {
        expect(DEFAULT_USERS).toEqual([
          { accountId: ACCOUNT_ID, displayName: "Fake Jira Bot", active: true },
          { accountId: "712020:suporte", displayName: "Equipe de Suporte", active: true },
          { accountId: "712020:vendas-ana", displayName: "Ana Souza", active: true },
          { accountId: "712020:vendas-bruno", displayName: "Bruno Lima", active: true },
          { accountId: "712020:ex-vendedor", displayName: "Carlos Antigo", active: false },
        ]);
        expect([SALES_ANA, SALES_BRUNO, INACTIVE_USER]).toEqual(DEFAULT_USERS.slice(2));
      });

      it("is set on create to an active user, answered as Jira's user JSON by GET, search and webhooks; unassigned by default", async () => {
        watch(["jira:issue_created"]);
        expect((await create({ ...lead, assignee: { accountId: SALES_ANA.accountId } })).status).toBe(201);
        expect((await create({ ...lead, assignee: null })).status).toBe(201);
        expect((await create(lead)).status).toBe(201);
        expect(jira.issues.map((i) => i.assignee)).toEqual([SALES_ANA, null, null]);
        expect(await fieldsOf("/issue/FDVW-1?fields=assignee")).toEqual({ assignee: salesUser(SALES_ANA) });
        expect(await fieldsOf("/issue/FDVW-2?fields=assignee")).toEqual({ assignee: null });
        const found = await call("POST", "/search/jql", { jql: "project = FDVW", fields: ["*navigable"] });
        expect(
          (found.json as { issues: { fields: { assignee: unknown } }[] }).issues.map(
            (i) => i.fields.assignee,
          ),
        ).toEqual([salesUser(SALES_ANA), null, null]);
        expect(payloads().map((p) => p.issue.fields.assignee)).toEqual([salesUser(SALES_ANA), null, null]);
      });

      it.each([
        [
          "an unknown account",
          { accountId: "712020:nobody" },
          "User '712020:nobody' cannot be assigned issues.",
        ],
        [
          "an inactive account",
          { accountId: INACTIVE_USER.accountId },
          "User '712020:ex-vendedor' cannot be assigned issues.",
        ],
        [
          "a user name",
          { name: "ana" },
          "Specify the assignee as an object with its accountId, or null to unassign.",
        ],
        [
          "a plain string",
          SALES_ANA.accountId,
          "Specify the assignee as an object with its accountId, or null to unassign.",
        ],
      ])("refuses %s with 400 and creates nothing", async (_name, assignee, message) => {
        const answer = await create({ ...lead, assignee });
        expect(answer.status).toBe(400);
        expect(answer.json).toEqual({ errorMessages: [], errors: { assignee: message } });
        expect(jira.issues).toEqual([]);
      });

      it("reports an assignee error with the other field errors", async () => {
        const answer = await create({
          ...lead,
          summary: "",
          duedate: "amanhã",
          assignee: { accountId: "x" },
        });
        expect(answer.json).toEqual({
          errorMessages: [],
          errors: {
            summary: "You must specify a summary of the issue.",
            duedate: "Error parsing date string: amanhã",
            assignee: "User 'x' cannot be assigned issues.",
          },
        });
      });

      it("is changed and removed by an edit, with an assignee changelog item (issue_assigned when only it changed)", async () => {
        jira.setNow(minutes(0));
        await create({ ...lead, assignee: { accountId: SALES_ANA.accountId } });
        watch();
        jira.setNow(minutes(3));
        const reassign = await call("PUT", "/issue/FDVW-1", {
          fields: { assignee: { accountId: SALES_BRUNO.accountId } },
        });
        expect(reassign.status).toBe(204);
        expect(jira.issues[0]!.assignee).toEqual(SALES_BRUNO);
        expect(await fieldsOf("/issue/FDVW-1?fields=assignee,updated")).toEqual({
          assignee: salesUser(SALES_BRUNO),
          updated: "2026-03-01T12:03:00.000+0000",
        });
        await call("PUT", "/issue/FDVW-1", { fields: { assignee: { accountId: SALES_BRUNO.accountId } } });
        await call("PUT", "/issue/FDVW-1", { fields: { summary: "Demo (sem dono)", assignee: null } });
        expect(jira.issues[0]!.assignee).toBeNull();
        expect(payloads()).toHaveLength(2);
        const [assigned, unassigned] = payloads();
        expect(assigned).toMatchObject({
          webhookEvent: "jira:issue_updated",
          issue_event_type_name: "issue_assigned",
          issue: { fields: { assignee: salesUser(SALES_BRUNO) } },
        });
        expect(assigned!.changelog.items).toEqual([
          {
            field: "assignee",
            fieldtype: "jira",
            fieldId: "assignee",
            from: "712020:vendas-ana",
            fromString: "Ana Souza",
            to: "712020:vendas-bruno",
            toString: "Bruno Lima",
          },
        ]);
        expect(unassigned).toMatchObject({
          issue_event_type_name: "issue_updated",
          issue: { fields: { assignee: null } },
        });
        expect(unassigned!.changelog.items).toEqual([
          expect.objectContaining({ field: "summary" }),
          expect.objectContaining({
            field: "assignee",
            from: "712020:vendas-bruno",
            fromString: "Bruno Lima",
            to: null,
            toString: null,
          }),
        ]);
      });

      it("refuses an edit to an unknown or inactive account with 400, changing nothing", async () => {
        await create({ ...lead, assignee: { accountId: SALES_ANA.accountId } });
        watch();
        for (const accountId of ["712020:nobody", INACTIVE_USER.accountId]) {
          const answer = await call("PUT", "/issue/FDVW-1", {
            fields: { summary: "Outro", assignee: { accountId } },
          });
          expect(answer.status).toBe(400);
          expect(answer.json).toEqual({
            errorMessages: [],
            errors: { assignee: `User '${accountId}' cannot be assigned issues.` },
          });
        }
        expect([jira.issues[0]!.assignee, jira.issues[0]!.summary, jira.issues[0]!.edits]).toEqual([
          SALES_ANA,
          "Demo para ACME",
          [],
        ]);
        expect(jira.webhookDeliveries).toEqual([]);
      });

      it("setUserActive deactivates a user mid-test: still the assignee, shown inactive, no longer assignable", async () => {
        await create({ ...lead, assignee: { accountId: SALES_BRUNO.accountId } });
        jira.setUserActive(SALES_BRUNO.accountId, false);
        expect(jira.issues[0]!.assignee).toEqual({ ...SALES_BRUNO, active: false });
        expect(SALES_BRUNO.active).toBe(true);
        expect(await fieldsOf("/issue/FDVW-1?fields=assignee")).toEqual({
          assignee: salesUser(SALES_BRUNO, false),
        });
        const refused = await create({ ...lead, assignee: { accountId: SALES_BRUNO.accountId } });
        expect(refused.json).toEqual({
          errorMessages: [],
          errors: { assignee: "User '712020:vendas-bruno' cannot be assigned issues." },
        });
        // Editing something else leaves the inactive assignee in place.
        expect((await call("PUT", "/issue/FDVW-1", { fields: { summary: "Outro" } })).status).toBe(204);
        jira.setUserActive(INACTIVE_USER.accountId, true);
        expect((await create({ ...lead, assignee: { accountId: INACTIVE_USER.accountId } })).status).toBe(
          201,
        );
        expect(jira.issues.map((i) => i.assignee?.accountId)).toEqual([
          "712020:vendas-bruno",
          "712020:ex-vendedor",
        ]);
        expect(() => jira.setUserActive("712020:nobody", false)).toThrow(
          "The fake Jira has no user '712020:nobody'.",
        );
      });

      it("the users option replaces the directory; a fresh fake starts from the defaults again", async () => {
        const custom = await startFakeJira({
          users: [{ accountId: "712020:dani", displayName: "Dani", active: true }],
        });
        try {
          const ask = (fields: Record<string, unknown>) =>
            fetch(`${custom.url}/rest/api/3/issue`, {
              method: "POST",
              headers: { Authorization: AUTH, "Content-Type": "application/json" },
              body: JSON.stringify({ fields }),
            });
          expect((await ask({ ...lead, assignee: { accountId: "712020:dani" } })).status).toBe(201);
          expect((await ask({ ...lead, assignee: { accountId: SALES_ANA.accountId } })).status).toBe(400);
        } finally {
          await custom.close();
        }
        jira.setUserActive(SALES_ANA.accountId, false);
        const fresh = await startFakeJira();
        try {
          const answer = await fetch(`${fresh.url}/rest/api/3/issue`, {
            method: "POST",
            headers: { Authorization: AUTH, "Content-Type": "application/json" },
            body: JSON.stringify({ fields: { ...lead, assignee: { accountId: SALES_ANA.accountId } } }),
          });
          expect(answer.status).toBe(201);
        } finally {
          await fresh.close();
        }
      });

      it("PUT /issue/{key}/assignee assigns and unassigns, with the same checks", async () => {
        await create(lead);
        watch();
        const assign = await call("PUT", "/issue/FDVW-1/assignee", { accountId: SALES_ANA.accountId });
        expect([assign.status, assign.text]).toEqual([204, ""]);
        expect(jira.issues[0]!.assignee).toEqual(SALES_ANA);
        const refused = await call("PUT", "/issue/FDVW-1/assignee", { accountId: INACTIVE_USER.accountId });
        expect(refused.status).toBe(400);
        expect(refused.json).toEqual({
          errorMessages: [],
          errors: { assignee: "User '712020:ex-vendedor' cannot be assigned issues." },
        });
        expect((await call("PUT", "/issue/FDVW-1/assignee", {})).status).toBe(400);
        expect((await call("PUT", "/issue/FDVW-9/assignee", { accountId: null })).status).toBe(404);
        expect((await call("PUT", "/issue/FDVW-1/assignee", { accountId: null })).status).toBe(204);
        expect(jira.issues[0]!.assignee).toBeNull();
        expect(payloads().map((p) => [p.issue_event_type_name, p.changelog.items[0]!.to])).toEqual([
          ["issue_assigned", "712020:vendas-ana"],
          ["issue_assigned", null],
        ]);
      });
    });

    describe("issue links", () => {
      beforeEach(async () => {
        await create({ ...lead, summary: "Lead novo" });
        await create({ ...lead, summary: "Cliente existente" });
        await create({ project: { key: "MKT" }, summary: "Campanha", issuetype: { id: "10001" } });
      });

      const linkType = (id: string, name: string, inward: string, outward: string) => ({
        id,
        name,
        inward,
        outward,
        self: `${jira.url}/rest/api/3/issueLinkType/${id}`,
      });
      const RELATES = () => linkType("10003", "Relates", "relates to", "relates to");
      const linked = (
        id: string,
        key: string,
        summary: string,
        type = { id: "10005", name: "Demo Lead" },
      ) => ({
        id,
        key,
        self: `${jira.url}/rest/api/3/issue/${id}`,
        fields: {
          summary,
          status: status("1", "To Do", "new"),
          priority: { name: "Medium", id: "3" },
          issuetype: type,
        },
      });
      const link = (body: Record<string, unknown>) => call("POST", "/issueLink", body);

      it("links two issues by key: 201 with no body, recorded on both, listed in issuelinks on each side", async () => {
        const answer = await link({
          type: { name: "Relates" },
          inwardIssue: { key: "FDVW-1" },
          outwardIssue: { key: "FDVW-2" },
        });
        expect([answer.status, answer.text]).toEqual([201, ""]);
        const recorded = {
          id: "10001",
          type: { id: "10003", name: "Relates", inward: "relates to", outward: "relates to" },
          inwardKey: "FDVW-1",
          outwardKey: "FDVW-2",
        };
        expect(jira.issues[0]!.links).toEqual([recorded]);
        expect(jira.issues[1]!.links).toEqual([recorded]);
        expect(jira.issues[0]!.links[0]).toBe(jira.issues[1]!.links[0]);
        expect(jira.issues[2]!.links).toEqual([]);
        expect(await fieldsOf("/issue/FDVW-1?fields=issuelinks")).toEqual({
          issuelinks: [
            {
              id: "10001",
              self: `${jira.url}/rest/api/3/issueLink/10001`,
              type: RELATES(),
              outwardIssue: linked("10002", "FDVW-2", "Cliente existente"),
            },
          ],
        });
        expect(await fieldsOf("/issue/FDVW-2?fields=issuelinks")).toEqual({
          issuelinks: [
            {
              id: "10001",
              self: `${jira.url}/rest/api/3/issueLink/10001`,
              type: RELATES(),
              inwardIssue: linked("10001", "FDVW-1", "Lead novo"),
            },
          ],
        });
        expect((await fieldsOf("/issue/MKT-1")).issuelinks).toEqual([]);
        expect(jira.requests.filter((r) => r.path.endsWith("/issueLink"))).toEqual([
          {
            method: "POST",
            path: "/rest/api/3/issueLink",
            body: {
              type: { name: "Relates" },
              inwardIssue: { key: "FDVW-1" },
              outwardIssue: { key: "FDVW-2" },
            },
          },
        ]);
      });

      it("links by issue id and type id; Blocks reads 'blocks' from the inward issue; each issue gets jira:issue_updated with a Link item", async () => {
        jira.setNow(minutes(0));
        watch();
        jira.setNow(minutes(2));
        const answer = await link({
          type: { id: "10000" },
          inwardIssue: { id: "10001" },
          outwardIssue: { id: "10003" },
        });
        expect(answer.status).toBe(201);
        expect(jira.issues[0]!.links).toEqual([
          {
            id: "10001",
            type: { id: "10000", name: "Blocks", inward: "is blocked by", outward: "blocks" },
            inwardKey: "FDVW-1",
            outwardKey: "MKT-1",
          },
        ]);
        const blocks = linkType("10000", "Blocks", "is blocked by", "blocks");
        expect(await fieldsOf("/issue/FDVW-1?fields=issuelinks,updated")).toEqual({
          issuelinks: [
            {
              id: "10001",
              self: `${jira.url}/rest/api/3/issueLink/10001`,
              type: blocks,
              outwardIssue: linked("10003", "MKT-1", "Campanha", { id: "10001", name: "Task" }),
            },
          ],
          updated: "2026-03-01T12:02:00.000+0000",
        });
        expect((await fieldsOf("/issue/MKT-1?fields=issuelinks")).issuelinks).toEqual([
          expect.objectContaining({ type: blocks, inwardIssue: linked("10001", "FDVW-1", "Lead novo") }),
        ]);
        expect(payloads().map((p) => [p.webhookEvent, p.issue.key, p.user.accountId])).toEqual([
          ["jira:issue_updated", "FDVW-1", ACCOUNT_ID],
          ["jira:issue_updated", "MKT-1", ACCOUNT_ID],
        ]);
        expect(payloads().map((p) => p.changelog.items)).toEqual([
          [
            {
              field: "Link",
              fieldtype: "jira",
              fieldId: "Link",
              from: null,
              fromString: null,
              to: "MKT-1",
              toString: "This issue blocks MKT-1",
            },
          ],
          [
            expect.objectContaining({
              field: "Link",
              to: "FDVW-1",
              toString: "This issue is blocked by FDVW-1",
            }),
          ],
        ]);
        expect(payloads()[0]!.issue.fields.issuelinks).toHaveLength(1);
      });

      it.each([
        [
          "an unknown link type name",
          { type: { name: "Haunts" } },
          404,
          "No issue link type with name 'Haunts' found.",
        ],
        [
          "an unknown link type id",
          { type: { id: "99999" } },
          404,
          "No issue link type with id '99999' found.",
        ],
        [
          "an unknown inward issue",
          { inwardIssue: { key: "FDVW-9" } },
          404,
          "Issue does not exist or you do not have permission to see it.",
        ],
        [
          "an unknown outward issue id",
          { outwardIssue: { id: "99999" } },
          404,
          "Issue does not exist or you do not have permission to see it.",
        ],
        ["no type", { type: undefined }, 400, "Specify the issue link type (type.name or type.id)."],
        [
          "a type without name or id",
          { type: { inward: "relates to" } },
          400,
          "Specify the issue link type (type.name or type.id).",
        ],
        [
          "no inward issue",
          { inwardIssue: undefined },
          400,
          "Specify the inwardIssue (inwardIssue.key or inwardIssue.id).",
        ],
        [
          "an outward issue without key or id",
          { outwardIssue: {} },
          400,
          "Specify the outwardIssue (outwardIssue.key or outwardIssue.id).",
        ],
        [
          "an issue linked to itself",
          { outwardIssue: { key: "FDVW-1" } },
          400,
          "You cannot link an issue to itself.",
        ],
        ["a comment that is not ADF", { comment: { body: "texto" } }, 400, undefined],
      ])("refuses %s with %i, linking nothing", async (_name, patch, statusCode, message) => {
        watch();
        const answer = await link({
          type: { name: "Relates" },
          inwardIssue: { key: "FDVW-1" },
          outwardIssue: { key: "FDVW-2" },
          ...patch,
        });
        expect(answer.status).toBe(statusCode);
        if (message) expect(answer.json).toEqual({ errorMessages: [message], errors: {} });
        else expect(answer.json).toEqual({ errorMessages: [], errors: { comment: "/ must be object" } });
        expect(jira.issues.map((i) => [i.links, i.commentRecords])).toEqual([
          [[], []],
          [[], []],
          [[], []],
        ]);
        expect(jira.webhookDeliveries).toEqual([]);
      });

      it("does not make a repeated link twice (201 again, no webhook), but adds its comment to the outward issue", async () => {
        const body = {
          type: { name: "Duplicate" },
          inwardIssue: { key: "FDVW-1" },
          outwardIssue: { key: "FDVW-2" },
        };
        expect((await link(body)).status).toBe(201);
        watch();
        const again = await link({ ...body, comment: { body: adf("Mesmo cliente") } });
        expect([again.status, again.text]).toEqual([201, ""]);
        expect(jira.issues[0]!.links).toHaveLength(1);
        expect(jira.issues[1]!.links).toHaveLength(1);
        expect(jira.issues[0]!.comments).toEqual([]);
        expect(jira.issues[1]!.comments).toEqual([adf("Mesmo cliente")]);
        expect(jira.webhookDeliveries.map((d) => [d.event, d.issueKey])).toEqual([
          ["comment_created", "FDVW-2"],
        ]);
        // The other direction is another link, as in Jira (FDVW-2 duplicates FDVW-1).
        expect(
          (await link({ ...body, inwardIssue: { key: "FDVW-2" }, outwardIssue: { key: "FDVW-1" } })).status,
        ).toBe(201);
        expect(jira.issues[0]!.links.map((l) => [l.id, l.inwardKey, l.outwardKey])).toEqual([
          ["10001", "FDVW-1", "FDVW-2"],
          ["10002", "FDVW-2", "FDVW-1"],
        ]);
      });

      it("GET /issueLinkType lists Jira Cloud's default link types; GET /issueLinkType/{id} answers one", async () => {
        const answer = await call("GET", "/issueLinkType");
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual({
          issueLinkTypes: [
            linkType("10000", "Blocks", "is blocked by", "blocks"),
            linkType("10001", "Cloners", "is cloned by", "clones"),
            linkType("10002", "Duplicate", "is duplicated by", "duplicates"),
            RELATES(),
          ],
        });
        expect(ISSUE_LINK_TYPES.map((t) => t.name)).toEqual(["Blocks", "Cloners", "Duplicate", "Relates"]);
        expect((await call("GET", "/issueLinkType/10003")).json).toEqual(RELATES());
        const unknown = await call("GET", "/issueLinkType/42");
        expect([unknown.status, unknown.json]).toEqual([
          404,
          { errorMessages: ["No issue link type with id '42' found."], errors: {} },
        ]);
      });

      it("deleting an issue removes its links from the other issues", async () => {
        await link({
          type: { name: "Relates" },
          inwardIssue: { key: "FDVW-1" },
          outwardIssue: { key: "FDVW-2" },
        });
        await link({
          type: { name: "Blocks" },
          inwardIssue: { key: "MKT-1" },
          outwardIssue: { key: "FDVW-1" },
        });
        await link({
          type: { name: "Cloners" },
          inwardIssue: { key: "FDVW-2" },
          outwardIssue: { key: "MKT-1" },
        });
        expect(jira.issues.map((i) => i.links.length)).toEqual([2, 2, 2]);
        watch();
        expect((await call("DELETE", "/issue/FDVW-1")).status).toBe(204);
        expect(jira.issues.map((i) => [i.key, i.links.map((l) => l.type.name)])).toEqual([
          ["FDVW-2", ["Cloners"]],
          ["MKT-1", ["Cloners"]],
        ]);
        expect((await fieldsOf("/issue/FDVW-2?fields=issuelinks")).issuelinks).toEqual([
          expect.objectContaining({ outwardIssue: expect.objectContaining({ key: "MKT-1" }) }),
        ]);
        expect((await call("GET", "/issueLink/10001")).status).toBe(404);
        // The deletion's webhook carries the issue as it was, links included.
        expect(payloads().map((p) => [p.webhookEvent, p.issue.fields.issuelinks.length])).toEqual([
          ["jira:issue_deleted", 2],
        ]);
      });

      it("GET /issueLink/{id} answers both issues; DELETE removes it from both with a Link item each", async () => {
        await link({
          type: { name: "Relates" },
          inwardIssue: { key: "FDVW-1" },
          outwardIssue: { key: "FDVW-2" },
        });
        const read = await call("GET", "/issueLink/10001");
        expect(read.json).toEqual({
          id: "10001",
          self: `${jira.url}/rest/api/3/issueLink/10001`,
          type: RELATES(),
          inwardIssue: linked("10001", "FDVW-1", "Lead novo"),
          outwardIssue: linked("10002", "FDVW-2", "Cliente existente"),
        });
        watch();
        const removed = await call("DELETE", "/issueLink/10001");
        expect([removed.status, removed.text]).toEqual([204, ""]);
        expect(jira.issues.map((i) => i.links)).toEqual([[], [], []]);
        expect(payloads().map((p) => [p.issue.key, p.changelog.items])).toEqual([
          [
            "FDVW-1",
            [
              expect.objectContaining({
                field: "Link",
                from: "FDVW-2",
                fromString: "This issue relates to FDVW-2",
                to: null,
              }),
            ],
          ],
          [
            "FDVW-2",
            [
              expect.objectContaining({
                field: "Link",
                from: "FDVW-1",
                fromString: "This issue relates to FDVW-1",
                to: null,
              }),
            ],
          ],
        ]);
        const again = await call("DELETE", "/issueLink/10001");
        expect([again.status, again.json]).toEqual([
          404,
          { errorMessages: ["No issue link with id '10001' exists."], errors: {} },
        ]);
      });
    });

    describe("Won and Lost", () => {
      it("Win (71) and Lose (81) lead to Won and Lost, category done, by the API and by transitionAsSupport, with the usual webhook", async () => {
        await create(lead);
        await create(lead);
        watch();
        expect((await call("POST", "/issue/FDVW-1/transitions", { transition: { id: "71" } })).status).toBe(
          204,
        );
        jira.transitionAsSupport("FDVW-2", "Lose");
        jira.transitionAsSupport("FDVW-2", "Win", SALES_ANA);
        expect(jira.issues.map((i) => [i.status, i.transitions])).toEqual([
          ["Won", ["Win"]],
          ["Won", ["Lose", "Win"]],
        ]);
        expect(await fieldsOf("/issue/FDVW-1?fields=status")).toEqual({ status: status("6", "Won", "done") });
        expect(STATUSES.Lost).toEqual({ id: "7", category: "done" });
        const found = await call("POST", "/search/jql", {
          jql: "project = FDVW AND status = Won AND statusCategory = done",
        });
        expect((found.json as { issues: { key: string }[] }).issues.map((i) => i.key)).toEqual([
          "FDVW-1",
          "FDVW-2",
        ]);
        expect(
          payloads().map((p) => [p.issue.key, p.issue_event_type_name, p.user.accountId, p.changelog.items]),
        ).toEqual([
          [
            "FDVW-1",
            "issue_generic",
            ACCOUNT_ID,
            [expect.objectContaining({ field: "status", from: "1", to: "6", toString: "Won" })],
          ],
          [
            "FDVW-2",
            "issue_generic",
            "712020:suporte",
            [expect.objectContaining({ field: "status", fromString: "To Do", to: "7", toString: "Lost" })],
          ],
          [
            "FDVW-2",
            "issue_generic",
            "712020:vendas-ana",
            [expect.objectContaining({ fromString: "Lost", toString: "Won" })],
          ],
        ]);
        expect(payloads()[1]!.issue.fields.status).toEqual(status("7", "Lost", "done"));
      });
    });
  });

  describe("failure controls", () => {
    it("failNext answers the next N requests with the status, then recovers", async () => {
      jira.failNext(2, 500);
      const first = await create(validFields);
      const second = await call("GET", "/myself");
      const third = await create(validFields);
      expect([first.status, second.status, third.status]).toEqual([500, 500, 201]);
      expect(first.json).toEqual({ errorMessages: ["Injected failure (HTTP 500)."], errors: {} });
      expect(third.json).toEqual({ id: "10001", key: "FDVW-1", self: `${jira.url}/rest/api/3/issue/10001` });
      expect(jira.issues.map((i) => i.key)).toEqual(["FDVW-1"]);
      expect(jira.requests.map((r) => r.path)).toEqual([
        "/rest/api/3/issue",
        "/rest/api/3/myself",
        "/rest/api/3/issue",
      ]);
    });

    it("failNext sends a given body", async () => {
      jira.failNext(1, 502, { message: "bad gateway" });
      const answer = await call("GET", "/myself");
      expect(answer.status).toBe(502);
      expect(answer.json).toEqual({ message: "bad gateway" });
    });

    it("rateLimitNext answers 429 with Retry-After", async () => {
      jira.rateLimitNext(1, 7);
      const limited = await create(validFields);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("7");
      expect(limited.json).toEqual({ errorMessages: ["Rate limit exceeded."], errors: {} });
      expect(jira.issues).toEqual([]);
      const after = await create(validFields);
      expect(after.status).toBe(201);
      expect(after.headers.get("retry-after")).toBe(null);
    });

    it("hangNext accepts the request and never answers: the client times out; the next one is answered", async () => {
      jira.hangNext(1);
      const error = await call(
        "POST",
        "/issue",
        { fields: validFields },
        { signal: AbortSignal.timeout(300) },
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as Error).name).toBe("TimeoutError");
      expect(jira.issues).toEqual([]);
      expect(jira.requests).toEqual([
        { method: "POST", path: "/rest/api/3/issue", body: { fields: validFields } },
      ]);
      const next = await create(validFields);
      expect(next.status).toBe(201);
      expect(jira.issues.map((i) => i.key)).toEqual(["FDVW-1"]);
    });

    it("close() returns while a request hangs, and the client sees the connection drop", async () => {
      const hung = await startFakeJira();
      hung.hangNext(1);
      const pending = fetch(`${hung.url}/rest/api/3/myself`, { headers: { Authorization: AUTH } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      await vi.waitFor(() => expect(hung.requests.length).toBe(1));
      await hung.close();
      const error = await pending;
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe("fetch failed");
      await expect(fetch(`${hung.url}/rest/api/3/myself`)).rejects.toThrow("fetch failed");
    });

    it("loseResponseOfNextCreate creates the issue but the client gets no answer", async () => {
      jira.loseResponseOfNextCreate();
      const error = await create(validFields).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe("fetch failed");
      expect(jira.issues.map((i) => [i.key, i.summary])).toEqual([["FDVW-1", "Demo for ACME"]]);
      const found = await call("POST", "/search/jql", { jql: 'labels = "site-form"' });
      expect(found.json).toEqual({
        issues: [
          {
            id: "10001",
            key: "FDVW-1",
            self: `${jira.url}/rest/api/3/issue/10001`,
            fields: { summary: "Demo for ACME", labels: ["lead", "site-form"] },
          },
        ],
        isLast: true,
      });
      const next = await create(validFields);
      expect(next.json).toEqual({ id: "10002", key: "FDVW-2", self: `${jira.url}/rest/api/3/issue/10002` });
    });

    it("loseResponseOfNextCreate waits for a create that succeeds", async () => {
      jira.loseResponseOfNextCreate();
      const refused = await create({ ...validFields, summary: "" });
      expect(refused.status).toBe(400);
      const other = await call("GET", "/myself");
      expect(other.status).toBe(200);
      await expect(create(validFields)).rejects.toThrow("fetch failed");
      expect(jira.issues.map((i) => i.key)).toEqual(["FDVW-1"]);
    });

    it("setDown answers 503 to every request until back up", async () => {
      jira.setDown(true);
      const authed = await call("GET", "/myself");
      const anonymous = await call("GET", "/myself", undefined, { headers: { Authorization: "" } });
      const creating = await create(validFields);
      expect([authed.status, anonymous.status, creating.status]).toEqual([503, 503, 503]);
      expect(authed.json).toEqual({
        errorMessages: ["Service Unavailable: the fake Jira is down."],
        errors: {},
      });
      expect(jira.issues).toEqual([]);
      jira.setDown(false);
      expect((await call("GET", "/myself")).status).toBe(200);
    });

    it("reset clears every control but keeps the issues", async () => {
      await create(validFields);
      jira.failNext(5, 500);
      jira.rateLimitNext(5, 1);
      jira.hangNext(5);
      jira.loseResponseOfNextCreate();
      jira.setDown(true);
      jira.reset();
      const answer = await create(validFields);
      expect(answer.status).toBe(201);
      expect(jira.issues.map((i) => i.key)).toEqual(["FDVW-1", "FDVW-2"]);
    });
  });
});
