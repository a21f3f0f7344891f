/**
 * A device as a person recognises it, from a session's User-Agent (decision 112): "Chrome no Windows",
 * "Safari no iPhone". Unknown agents (scripts, API clients) read as what they say they are, cut short.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function deviceOf(userAgent: string | null | undefined, language: "pt" | "en" = "pt"): string {
  const agent = userAgent?.trim() ?? "";
  const unknown = language === "en" ? "Unknown device" : "Dispositivo desconhecido";
  if (!agent) return unknown;
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} ${language === "en" ? "on" : "no"} ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // curl/8.5.0, node, an API client: its product name.
  return agent.split(/[\s/]/)[0]!.slice(0, 40) || unknown;
}
