import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider, useNumber, useT } from "./client";
import { clientMessages, formatNumber, translator, type Locale } from "./core";

function render(locale: Locale, Component: () => string) {
  const messages = clientMessages(locale, ["live", "students.status"]);
  return renderToStaticMarkup(createElement(I18nProvider, { locale, timeZone: "Asia/Riyadh", messages } as ComponentProps<typeof I18nProvider>, createElement(Component)));
}

describe("client strings (useT over the parts a page sends)", () => {
  it("sends only the parts named, whole namespaces or parts of one", () => {
    const messages = clientMessages("en", ["live", "students.status"]);
    expect(Object.keys(messages).sort()).toEqual(["live", "students"]);
    expect(Object.keys(messages.students ?? {})).toEqual(["status"]);
    expect(messages.live?.row.saved).toBe(translator("en")("live.row.saved"));
  });

  it("fills placeholders and plurals the way the server does, in both languages", () => {
    for (const locale of ["en", "ar"] as const) {
      const server = translator(locale);
      for (const n of [0, 1, 2, 3, 11, 100]) {
        const html = render(locale, () => useT("live")("waiting", { n }));
        expect(html).toBe(server("live.waiting", { n }));
      }
      expect(render(locale, () => useT("students")("status.on_leave"))).toBe(server("students.status.on_leave"));
      expect(render(locale, () => useNumber()(1234))).toBe(formatNumber(locale, 1234));
    }
  });

  it("counts in the reader's digits", () => {
    expect(render("ar", () => useNumber()(1234))).toBe("١٬٢٣٤");
    expect(render("en", () => useNumber()(1234))).toBe("1,234");
  });

  it("reads a key the page did not send as its full name, like a missing key on the server", () => {
    expect(render("en", () => useT("plans")("title"))).toBe("plans.title");
  });

  it("refuses to run outside a provider", () => {
    expect(() => renderToStaticMarkup(createElement(() => useT("live")("allSaved")))).toThrow(/I18nProvider/);
  });
});
