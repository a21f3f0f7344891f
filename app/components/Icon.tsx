/** A small set of line icons by name (kebab, snake or Pascal case), with a default for unknown names. */
const PATHS: Record<string, string> = {
  "bar-chart": "M4 20V10M10 20V4M16 20v-7M22 20H2",
  "chart-column": "M4 20V10M10 20V4M16 20v-7M22 20H2",
  "trending-up": "M3 17l6-6 4 4 8-8M14 7h7v7",
  wallet: "M3 7h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H3zM3 7l12-4v4M17 13h.01",
  receipt: "M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4",
  boxes: "M3 7l9-4 9 4-9 4zM3 7v10l9 4 9-4V7M12 11v10",
  package: "M3 7l9-4 9 4-9 4zM3 7v10l9 4 9-4V7M12 11v10",
  handshake: "M2 12l5-5 5 3 5-3 5 5-7 7-3-3-3 3z",
  sparkles: "M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM19 15l1 2 2 1-2 1-1 2-1-2-2-1 2-1z",
  brain:
    "M9 4a3 3 0 0 0-3 3 3 3 0 0 0-2 5 3 3 0 0 0 3 5 3 3 0 0 0 5 1V5a3 3 0 0 0-3-1zM15 4a3 3 0 0 1 3 3 3 3 0 0 1 2 5 3 3 0 0 1-3 5 3 3 0 0 1-5 1",
  sprout: "M12 20v-8M12 12c0-4 3-7 8-7 0 5-3 7-8 7zM12 14c0-3-2-5-7-5 0 4 2 5 7 5z",
  factory: "M2 20V9l6 4V9l6 4V5h6v15zM6 16h2M11 16h2M16 16h2",
  truck:
    "M2 6h11v10H2zM13 10h5l3 3v3h-8M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  store: "M3 9l2-5h14l2 5M3 9h18v11H3zM9 20v-6h6v6",
  "hard-hat": "M2 18h20M4 18v-3a8 8 0 0 1 16 0v3M10 7V4h4v3",
  briefcase: "M3 7h18v13H3zM8 7V4h8v3M3 12h18",
  shield: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z",
  "shield-check": "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zM8 12l3 3 5-6",
  cloud: "M7 18a5 5 0 1 1 1-9.9A6 6 0 0 1 19 9a4.5 4.5 0 0 1-1 9z",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-4-5.6",
  headset: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3zM20 19a3 3 0 0 1-3 3h-4",
  zap: "M13 2L4 14h7l-1 8 9-12h-7z",
  clock: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2",
  "check-circle": "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM8 12l3 3 5-6",
  plug: "M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4",
  "arrow-right": "M5 12h14M13 6l6 6-6 6",
  calendar: "M3 5h18v16H3zM3 10h18M8 3v4M16 3v4",
  play: "M7 4l13 8-13 8z",
  layers: "M12 2l10 5-10 5L2 7zM2 12l10 5 10-5M2 17l10 5 10-5",
  target:
    "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z",
  "file-text": "M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h6",
  "message-circle": "M21 12a8.5 8.5 0 0 1-12.5 7.5L3 21l1.5-5.5A8.5 8.5 0 1 1 21 12z",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  "map-pin": "M12 22s7-6.5 7-12a7 7 0 0 0-14 0c0 5.5 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
};

export function iconKey(name: string | undefined): string {
  if (!name) return "";
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();
}

/** The drawing of an icon name in any of the three cases, or null for the default dot (B §2.3). */
export function iconPath(name: string | undefined): string | null {
  return PATHS[iconKey(name)] ?? null;
}

export function Icon({ name, size = 24, className }: { name?: string; size?: number; className?: string }) {
  const path = iconPath(name);
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {path ? (
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <circle cx="12" cy="12" r="5" fill="currentColor" />
      )}
    </svg>
  );
}
