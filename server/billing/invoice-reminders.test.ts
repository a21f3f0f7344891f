import { saoPauloDay } from "@domain/billing/dates.ts";
import { describe, expect, it } from "vitest";
import { reminderDue, reminderMail } from "./invoice-reminders.ts";

describe("which invoice reminder a day owes (decision 097)", () => {
  const due = "2026-11-26";

  it("reminds 3 days before the due date and the day after it passes", () => {
    expect(reminderDue(due, "2026-11-23")).toBe("before-due");
    expect(reminderDue(due, "2026-11-27")).toBe("overdue");
  });

  it("owes nothing earlier, on the due date itself, or long after", () => {
    expect(reminderDue(due, "2026-11-22")).toBeNull();
    expect(reminderDue(due, "2026-11-01")).toBeNull();
    expect(reminderDue(due, "2026-11-26")).toBeNull();
    expect(reminderDue(due, "2026-12-04")).toBeNull();
    expect(reminderDue(due, "2027-11-27")).toBeNull();
  });

  it("catches up days every instance missed: until the day before, and a week after", () => {
    expect(reminderDue(due, "2026-11-24")).toBe("before-due");
    expect(reminderDue(due, "2026-11-25")).toBe("before-due");
    expect(reminderDue(due, "2026-11-30")).toBe("overdue");
    expect(reminderDue(due, "2026-12-03")).toBe("overdue");
  });

  it("counts São Paulo's days across midnight UTC and month and year ends", () => {
    // 02:59 UTC on the 27th is still the 26th in São Paulo: the due date, no reminder yet.
    expect(reminderDue(due, saoPauloDay(new Date("2026-11-27T02:59:59Z")))).toBeNull();
    expect(reminderDue(due, saoPauloDay(new Date("2026-11-27T03:00:00Z")))).toBe("overdue");
    expect(reminderDue("2027-01-01", "2026-12-29")).toBe("before-due");
    expect(reminderDue("2026-12-31", "2027-01-01")).toBe("overdue");
    expect(reminderDue("2026-03-02", "2026-02-27")).toBe("before-due");
  });
});

describe("a reminder's e-mail", () => {
  const facts = {
    number: "FAT-2026-0042",
    company: "Agro Sul",
    amountCentavos: 123456,
    dueOn: "2026-11-26",
    daysLeft: 3,
    link: "https://www.vertice.com.br/user/faturas/FAT-2026-0042",
  };

  it("says the invoice, the amount and the due date, and links to it, in the person's language", () => {
    const pt = reminderMail(
      "before-due",
      { name: "Fátima", email: "fin@agro.com.br", language: "pt" },
      facts,
    );
    expect(pt.to).toBe("fin@agro.com.br");
    expect(pt.subject).toBe("Fatura FAT-2026-0042 vence em 26/11/2026");
    expect(pt.text).toContain("R$ 1.234,56");
    expect(pt.text).toContain("(em 3 dias)");
    expect(pt.text).toContain(facts.link);
    const en = reminderMail("overdue", { name: "Fatima", email: "fin@agro.com.br", language: "en" }, facts);
    expect(en.subject).toBe("Invoice FAT-2026-0042 was due 26 Nov 2026");
    expect(en.text).toContain("R$1,234.56");
    expect(en.text).toContain("still open");
  });

  it("never carries a Pix code", () => {
    for (const kind of ["before-due", "overdue"] as const)
      expect(reminderMail(kind, { name: "A", email: "a@b.com", language: "pt" }, facts).text).not.toMatch(
        /br\.gov\.bcb\.pix|000201/,
      );
  });
});
