import type { Catalogue } from "../../types";
import type { family as en } from "../en/family";

export const family: Catalogue<typeof en> = {
  childrenNav: "أبناؤك",
  viewChild: "افتح صفحة {name}",
  halqa: "الحلقة",
  semester: "الفصل",
  noHalqa: "ليس في حلقة هذا الفصل",
  notFoundTitle: "الابن غير موجود",
  notFound: "هذه الصفحة ليست لأحد أبنائك. اختر أحد أبنائك بدلًا من ذلك.",
  back: "كل الأبناء",
  attendance: {
    title: "الحضور الأخير",
    caption: "الحضور في آخر جلسات الحلقة",
    date: "التاريخ",
    status: "الحالة",
    late: "متأخر {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقةً} other {# دقيقة}}",
    unmarked: "غير مسجّل",
    inProgress: "الحصة جارية",
    empty: "لا جلسات بعد في هذا الفصل.",
  },
  recitations: {
    title: "التسميع الأخير",
    caption: "آخر التسميعات",
    what: "التسميع",
    mistakes: "{count, plural, zero {بلا أخطاء} one {خطأ واحد} two {خطآن} few {# أخطاء} many {# خطأً} other {# خطأ}}",
    empty: "لم يُسجَّل تسميع بعد.",
  },
  assignments: {
    title: "التكليفات",
    current: "العمل الحالي",
    completed: "أُنجز",
    due: "موعده {date}",
    completedOn: "أُنجز في {date}",
    notStarted: "لم يبدأ بعد",
    started: "بدأ",
    noCurrent: "لا عمل مطلوب الآن.",
    noCompleted: "لم يُنجز شيء بعد.",
    unavailable: "لا تشارك المدرسة خطط الحفظ في اللوحة.",
    segments: "المطلوب تسميعه",
  },
};
