import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Opt in to the v8 behaviours that need no code change, so the upgrade stays small.
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
