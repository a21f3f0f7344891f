import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeJira, startFakeJira, TRANSITIONS } from "../fakes/jira.ts";

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
          status: "To Do",
          transitions: [],
          edits: [],
          comments: [],
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
          status: "To Do",
          transitions: [],
          edits: [],
          comments: [],
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
          status: "To Do",
          transitions: [],
          edits: [],
          comments: [],
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
        { assignee: { accountId: "x" } },
        { assignee: "Field 'assignee' cannot be set. It is not on the appropriate screen, or unknown." },
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
      expect(answer.json).toEqual({
        transitions: [
          { id: "11", name: "To Do", to: { id: "1", name: "To Do" } },
          { id: "21", name: "Em andamento", to: { id: "3", name: "In Progress" } },
          { id: "31", name: "Qualify", to: { id: "4", name: "Qualified" } },
          { id: "41", name: "Done", to: { id: "5", name: "Done" } },
        ],
      });
      expect(TRANSITIONS.length).toBe(4);
    });

    it("moves the issue to Qualified and records the transition", async () => {
      await create(validFields);
      const answer = await call("POST", "/issue/FDVW-1/transitions", { transition: { id: "31" } });
      expect(answer.status).toBe(204);
      expect(answer.text).toBe("");
      expect(jira.issues[0]!.status).toBe("Qualified");
      expect(jira.issues[0]!.transitions).toEqual(["Qualify"]);
      const read = await call("GET", "/issue/FDVW-1");
      expect((read.json as { fields: { status: unknown } }).fields.status).toEqual({ name: "Qualified" });
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
            status: { name: "To Do" },
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
        "Error in the JQL Query: the operator '!=' is not supported (the fake Jira supports project, labels, key and status).",
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
      errorMessages: ["No route for DELETE /rest/api/3/issue/FDVW-1 in the fake Jira."],
      errors: {},
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
