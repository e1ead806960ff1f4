import type { ComponentProps } from "react";
import { ClientStrings } from "@/components/i18n/client-strings";
import { PickerOrSelect } from "./picker-or-select";
import { ServerCombobox } from "./lazy-combobox";

/** A searchable picker (server-combobox.tsx) with the words it reads (`paging.picker`), for server pages. */
export function Picker(props: ComponentProps<typeof ServerCombobox>) {
  return (
    <ClientStrings parts={["paging.picker"]}>
      <ServerCombobox {...props} />
    </ClientStrings>
  );
}

/** A `<select>` of few choices or the searchable picker (picker-or-select.tsx), with the picker's words, for server pages. */
export function Choose(props: ComponentProps<typeof PickerOrSelect>) {
  return (
    <ClientStrings parts={["paging.picker"]}>
      <PickerOrSelect {...props} />
    </ClientStrings>
  );
}
