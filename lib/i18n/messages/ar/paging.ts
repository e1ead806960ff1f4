import type { Catalogue } from "../../types";
import type { paging as en } from "../en/paging";

/** صفحات القوائم الطويلة والقوائم المنسدلة التي تبحث لدى الخادم أثناء الكتابة. */
export const paging: Catalogue<typeof en> = {
  nav: "الصفحات",
  first: "الصفحة الأولى",
  previous: "الصفحة السابقة",
  next: "الصفحة التالية",
  pageOf: "الصفحة {page} من {pages}",
  total: "{count, plural, zero {لا شيء} one {واحد في المجموع} two {اثنان في المجموع} few {# في المجموع} many {# في المجموع} other {# في المجموع}}",
  shown: "{count, plural, zero {لا سجلات معروضة} one {سجل واحد معروض} two {سجلان معروضان} few {# سجلات معروضة} many {# سجلًا معروضًا} other {# سجل معروض}}",
  noTotal: "لا تعطي خدمة المدرسة عددًا إجماليًا لهذه القائمة؛ تظهر بالترتيب الذي تسردها به المدرسة.",
  searchedSoFar: "{count, plural, zero {لم يُبحث في أي سجل بعد.} one {بُحث في سجل واحد حتى الآن.} two {بُحث في سجلين حتى الآن.} few {بُحث في # سجلات حتى الآن.} many {بُحث في # سجلًا حتى الآن.} other {بُحث في # سجل حتى الآن.}}",
  searchFurther: "تابع البحث",
  picker: {
    placeholder: "اكتب للبحث…",
    searching: "جارٍ البحث…",
    noMatch: "لا نتيجة. جرّب حروفًا أقل.",
    more: "توجد نتائج أخرى: اكتب حروفًا أكثر لتضييقها.",
    clear: "مسح",
    failed: "تعذّر الوصول إلى خدمة المدرسة للبحث. حاول مرة أخرى.",
  },
};
