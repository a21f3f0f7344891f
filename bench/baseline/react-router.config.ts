import type { Config } from "@react-router/dev/config";

// The stock React Router 7 page ../shared/ENVIRONMENT.md takes as its reference: server rendering,
// one route, nothing of ours. The benchmarks measure it in the same run as the site (a baseline).
export default { ssr: true, appDirectory: "app", buildDirectory: "build" } satisfies Config;
