import type { ComponentProps } from "react";
import { PlansSection } from "~/components/PlansSection.tsx";
import { defineIsland } from "./island.tsx";

/** The plans and their monthly/annual switch. */
export default function PlansIsland(props: ComponentProps<typeof PlansSection>) {
  return <PlansSection {...props} />;
}

export const Plans = defineIsland("plans", PlansIsland);
