/** Small inline flags for the language selector (no image requests, no external fonts). */
export function Flag({ code }: { code: "pt" | "en" }) {
  if (code === "pt") {
    return (
      <svg viewBox="0 0 28 20" width="28" height="20" aria-hidden="true" focusable="false">
        <rect width="28" height="20" rx="2" fill="#009c3b" />
        <path d="M14 3 25 10 14 17 3 10z" fill="#ffdf00" />
        <circle cx="14" cy="10" r="4.2" fill="#002776" />
        <path d="M10 9.3c2.6-.6 5.4-.3 7.8 1" stroke="#fff" strokeWidth=".8" fill="none" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 28 20" width="28" height="20" aria-hidden="true" focusable="false">
      <rect width="28" height="20" rx="2" fill="#012169" />
      <path d="M0 0l28 20M28 0 0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l28 20M28 0 0 20" stroke="#c8102e" strokeWidth="1.6" />
      <path d="M14 0v20M0 10h28" stroke="#fff" strokeWidth="6" />
      <path d="M14 0v20M0 10h28" stroke="#c8102e" strokeWidth="3.2" />
    </svg>
  );
}
