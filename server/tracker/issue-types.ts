import type { Logger } from "../logger.ts";
import type { IssueType, JiraClient } from "./jira-client.ts";

/** Project issue types are read once per project and kept 900 s (the tracker TTL of B §9.7). */
const ISSUE_TYPES_TTL_MS = 900_000;

/** A project's issue types, read from Jira and kept a while; unreadable ones count as none (B §8.2). */
export class ProjectIssueTypes {
  private readonly cached = new Map<string, { types: IssueType[]; until: number }>();

  constructor(
    private readonly jira: JiraClient,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async of(projectKey: string): Promise<IssueType[]> {
    const cached = this.cached.get(projectKey);
    const now = this.now().getTime();
    if (cached && cached.until > now) return cached.types;
    try {
      const types = await this.jira.projectIssueTypes(projectKey);
      this.cached.set(projectKey, { types, until: now + ISSUE_TYPES_TTL_MS });
      return types;
    } catch (error) {
      // Failing to read issue types falls back to the default list (B §8.2).
      this.logger.warn(
        { projectKey, err: (error as Error).message },
        "issue types unavailable, using the fallback",
      );
      return [];
    }
  }
}
