import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider, useMessageText, useNumber, useSeparator, useT } from "./client";
import { clientMessages, formatNumber, i18nFor, translator, type Locale } from "./core";
import type { Formats } from "./locales";

function render(locale: Locale, Component: () => string, formats?: Formats) {
  const messages = clientMessages(locale, ["live", "students.status"]);
  return renderToStaticMarkup(
    createElement(
      I18nProvider,
      { locale, timeZone: "Asia/Riyadh", formats, messages } as ComponentProps<typeof I18nProvider>,
      createElement(Component),
    ),
  );
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

  it("counts in the school's digits, Western unless it chose its language's own", () => {
    const native: Formats = { numerals: "native", calendars: "gregorian-first" };
    expect(render("ar", () => useNumber()(1234))).toBe("1,234");
    expect(render("ar", () => useNumber()(1234), native)).toBe("١٬٢٣٤");
    expect(render("ur", () => useNumber()(1234), native)).toBe("۱٬۲۳۴");
    expect(render("ar", () => useT("live")("waiting", { n: 11 }), native)).toBe(
      translator("ar", "native")("live.waiting", { n: 11 }),
    );
    expect(render("en", () => useNumber()(1234))).toBe("1,234");
  });

  it("reads a key the page did not send as its full name, like a missing key on the server", () => {
    expect(render("en", () => useT("plans")("title"))).toBe("plans.title");
  });

  it("keeps an outer provider's parts readable inside a nested one (the root layout's boundary strings under a page's)", () => {
    const nested = (locale: Locale, Component: () => string) =>
      renderToStaticMarkup(
        createElement(
          I18nProvider,
          { locale, timeZone: null, messages: clientMessages(locale, ["common.retry", "live.row"]) } as ComponentProps<
            typeof I18nProvider
          >,
          createElement(
            I18nProvider,
            {
              locale,
              timeZone: null,
              messages: clientMessages(locale, ["live.waiting", "paging.picker"]),
            } as ComponentProps<typeof I18nProvider>,
            createElement(Component),
          ),
        ),
      );
    for (const locale of ["en", "ar"] as const) {
      const server = translator(locale);
      expect(nested(locale, () => useT("common")("retry"))).toBe(server("common.retry"));
      expect(nested(locale, () => useT("live")("row.saved"))).toBe(server("live.row.saved"));
      expect(nested(locale, () => useT("live")("waiting", { n: 2 }))).toBe(server("live.waiting", { n: 2 }));
      expect(nested(locale, () => useT("paging")("picker.clear"))).toBe(server("paging.picker.clear"));
    }
  });

  it("reads a catalogue key an action answered with as its text, and anything else as it came", () => {
    const text = (key: string) =>
      renderToStaticMarkup(
        createElement(
          I18nProvider,
          { locale: "ar", timeZone: null, messages: clientMessages("ar", ["admin.validation"]) } as ComponentProps<
            typeof I18nProvider
          >,
          createElement(() => useMessageText()(key)),
        ),
      );
    expect(text("admin.validation.email")).toBe(translator("ar")("admin.validation.email"));
    expect(text("admin.validation")).toBe("admin.validation");
    expect(text("The school refused it.")).toBe("The school refused it.");
  });

  it("separates parts of a line as the server does", () => {
    expect(render("ar", () => useSeparator())).toBe(i18nFor("ar", null).separator);
    expect(render("en", () => useSeparator())).toBe(i18nFor("en", null).separator);
  });

  it("refuses to run outside a provider", () => {
    expect(() => renderToStaticMarkup(createElement(() => useT("live")("allSaved")))).toThrow(/I18nProvider/);
  });
});
