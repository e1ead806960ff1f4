"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import type { ServerCombobox as EagerCombobox } from "./server-combobox";

/**
 * The searchable picker (server-combobox.tsx), loaded only by a page that renders it (a large
 * school's lists and start form). A page that merely imports it, as /today's start form does for
 * a small school, no longer ships Headless UI and TanStack Query in its first-load script
 * (docs/scale.md, "What each page ships"). Server-rendered as before; its chunk is preloaded then.
 */
export const ServerCombobox = dynamic<ComponentProps<typeof EagerCombobox>>(() =>
  import("./server-combobox").then((module) => module.ServerCombobox),
);
