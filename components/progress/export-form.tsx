import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Translate } from "@/lib/i18n/core";
import { PageSection } from "@/components/ui/page-section";

/** A plain GET form: the browser downloads the CSV or the XLSX (the button pressed names it); works without JavaScript. */
export function ExportForm({ halqaId, from, to, t }: { halqaId: string; from: string; to: string; t: Translate }) {
  return (
    <PageSection id="export-heading" title={t("glance.export.title")} hint={t("glance.export.hint")} className="gap-3">
      <form
        method="get"
        action={`/halqas/${encodeURIComponent(halqaId)}/export`}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="export-from">{t("glance.export.from")}</Label>
          <Input id="export-from" name="from" type="date" defaultValue={from} required className="w-44" />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="export-to">{t("glance.export.to")}</Label>
          <Input id="export-to" name="to" type="date" defaultValue={to} required className="w-44" />
        </div>
        <Button type="submit" name="format" value="csv" variant="outline">
          {t("glance.export.submit")}
        </Button>
        <Button type="submit" name="format" value="xlsx" variant="outline">
          {t("glance.export.submitXlsx")}
        </Button>
      </form>
    </PageSection>
  );
}
