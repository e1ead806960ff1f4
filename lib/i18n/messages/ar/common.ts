import type { Catalogue } from "../../types";
import type { common as en } from "../en/common";

export const common: Catalogue<typeof en> = {
  appName: "لوحة الحلقات",
  loading: "جارٍ التحميل…",
  save: "حفظ",
  cancel: "إلغاء",
  retry: "إعادة المحاولة",
  back: "رجوع",
  search: "بحث",
  none: "لا يوجد",
  notFoundTitle: "غير موجود",
  notFoundBody: "لا يوجد شيء في هذا العنوان، أو أنه ليس مما يحق لك رؤيته.",
  errorTitle: "حدث خطأ ما",
  errorBody: "تعذر عرض الصفحة. لم يضع شيء مما أدخلته؛ حاول مرة أخرى.",
  signOut: "تسجيل الخروج",
  language: "اللغة",
};
