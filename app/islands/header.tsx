import { messagesFor } from "@domain/i18n.ts";
import type { ComponentProps } from "react";
import { SiteHeader } from "~/components/SiteHeader.tsx";
import { defineIsland } from "./island.tsx";

type Props = Omit<ComponentProps<typeof SiteHeader>, "t">;

/** The site header: mega menu, mobile menu, language selector. */
export default function HeaderIsland(props: Props) {
  return <SiteHeader {...props} t={messagesFor(props.language)} />;
}

export const Header = defineIsland("header", HeaderIsland);
