// Types of outside-tools.mjs for the TypeScript tests that use it.
export type DebianToolName =
  | "chromium"
  | "chromium-headless-shell"
  | "wrk"
  | "nginx"
  | "redis-server"
  | "promtool"
  | "haproxy"
  | "varnishd";
export declare const DEBIAN_TOOLS: Record<DebianToolName, { binary: string; envVar: string; pkg: string }>;
export declare const CHROMIUM_HEADLESS_ARGS: string[];
export declare const CHROMIUM_SHELL_ARGS: string[];
export declare class ToolMissing extends Error {}
export declare function mayInstallDebianPackages(): boolean;
export declare function ensureDebianTool(
  name: DebianToolName,
  options?: { log?: (line: string) => void },
): string;
export declare function ensureDebianProgram(
  tool: { name: string; binary: string; envVar: string; pkg: string },
  options?: { log?: (line: string) => void },
): string;
export declare function importOnDemand(
  packages: { name: string; spec: string }[],
  options?: { log?: (line: string) => void },
): Promise<unknown[]>;
