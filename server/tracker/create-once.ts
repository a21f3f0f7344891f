import { withRetries } from "../platform/outbox/retry-policy.ts";
import type { JiraClient } from "./jira-client.ts";

/**
 * Creates a Jira issue under the call policy of platform/outbox/retry-policy.ts (3 tries, 1 s then 2 s
 * apart), never twice: before every try but a first one, the issue's own label (lead-{id},
 * ticket-{id}) is searched, since a try whose answer was lost (time-out) may have created it. A
 * failed search ends the create as it came (the search had its own retries in the client).
 */
export async function createIssueOnce(
  jira: JiraClient,
  label: string,
  /** An earlier job attempt may have reached Jira: search before the first try too. */
  earlierJobAttempt: boolean,
  create: () => Promise<{ key: string }>,
  sleep: (ms: number) => Promise<void>,
): Promise<string> {
  const result = await withRetries<{ key: string } | { searchFailed: unknown }>(
    async (attempt) => {
      if (attempt > 1 || earlierJobAttempt) {
        try {
          const [found] = await jira.findByLabel(label);
          if (found) return { key: found.key };
        } catch (error) {
          return { searchFailed: error };
        }
      }
      return create();
    },
    { sleep },
  );
  if ("searchFailed" in result) throw result.searchFailed;
  return result.key;
}
