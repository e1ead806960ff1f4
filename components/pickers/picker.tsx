import type { ComponentProps } from "react";
import { ClientStrings } from "@/components/i18n/client-strings";
import { ServerCombobox } from "./server-combobox";

/** A searchable picker (server-combobox.tsx) with the words it reads (`paging.picker`), for server pages. */
export function Picker(props: ComponentProps<typeof ServerCombobox>) {
  return (
    <ClientStrings parts={["paging.picker"]}>
      <ServerCombobox {...props} />
    </ClientStrings>
  );
}
