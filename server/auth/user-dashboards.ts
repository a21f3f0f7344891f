import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { userDashboards } from "../db/schema.ts";

/** Each customer's dashboard data (B §3.8); the user-dashboard content document is the fallback. */
export class UserDashboardStore {
  private readonly now: () => Date;

  constructor(private readonly options: { db: Database; now?: () => Date }) {
    this.now = options.now ?? (() => new Date());
  }

  async dashboardData(userId: string): Promise<unknown | null> {
    const [row] = await this.options.db
      .select()
      .from(userDashboards)
      .where(eq(userDashboards.userId, userId));
    return row?.data ?? null;
  }

  async setDashboardData(userId: string, data: unknown): Promise<void> {
    await this.options.db
      .insert(userDashboards)
      .values({ userId, data, updatedAt: this.now() })
      .onConflictDoUpdate({ target: userDashboards.userId, set: { data, updatedAt: this.now() } });
  }
}
