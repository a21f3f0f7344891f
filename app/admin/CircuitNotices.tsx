import { type CircuitNotice, circuitNoticeText } from "./circuit-texts.ts";

/** The outside services whose circuit is open (decision 124), one warning each; nothing when all answer. */
export function CircuitNotices({ notices }: { notices: readonly CircuitNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <ul className="circuit-notices" aria-label="Serviços externos com problema">
      {notices.map((notice) => (
        <li key={notice.service} className="banner banner--warning" role="status">
          {circuitNoticeText(notice)}
        </li>
      ))}
    </ul>
  );
}
