/** What an admin form's action answered (B §4.6: success or the server's message), announced politely. */
export function ActionResult({ result }: { result: { ok: boolean; message: string } | undefined }) {
  return (
    <div aria-live="polite">
      {result && (
        <p className={`banner ${result.ok ? "banner--success" : "banner--error"}`}>{result.message}</p>
      )}
    </div>
  );
}

/** A lead's Jira key, as a link to the issue when its address is known. */
export function TrackerLink({
  trackerKey,
  trackerUrl,
}: {
  trackerKey: string | null;
  trackerUrl: string | null;
}) {
  if (!trackerKey) return null;
  return trackerUrl ? (
    <a href={trackerUrl} target="_blank" rel="noopener noreferrer">
      {trackerKey}
    </a>
  ) : (
    <>{trackerKey}</>
  );
}

/** The Jira status of a lead's issue as last heard, with its category in words ('Excluído no Jira'). */
export function TrackerStatus({ status }: { status: { name: string | null; category: string } | null }) {
  if (!status) return null;
  const category = TRACKER_CATEGORY_LABELS[status.category] ?? status.category;
  if (status.category === "deleted" || !status.name)
    return <span className="tracker-status">{category}</span>;
  return (
    <span className="tracker-status" title={category}>
      {status.name}
    </span>
  );
}

const TRACKER_CATEGORY_LABELS: Record<string, string> = {
  new: "A fazer",
  indeterminate: "Em andamento",
  done: "Concluído",
  deleted: "Excluído no Jira",
};
