import type { Catalogue } from "../../types";
import type { nav as en } from "../en/nav";

export const nav: Catalogue<typeof en> = {
  offline: {
    title: "أنت غير متصل",
    body: "لم تُحفظ هذه الصفحة على هذا الجهاز. هذه الصفحات محفوظة كما كانت عند آخر فتح لها:",
    none: "لا صفحة محفوظة على هذا الجهاز بعد: افتح صفحة اليوم أو سجلّ حضور وأنت متصل لحفظها.",
    retry: "حاول مرة أخرى",
    asOf: "غير متصل — كما كانت في {time}",
  },
  skipToContent: "انتقل إلى المحتوى الرئيسي",
  primary: "القائمة الرئيسية",
  today: "اليوم",
  halqas: "الحلقات",
  students: "الطلاب",
  sessions: "الجلسات",
  plans: "الخطط",
  users: "المستخدمون",
  connection: "الاتصال",
  audit: "سجل التدقيق",
  messages: "الرسائل",
  excuses: "طلبات الاستئذان",
  account: "الحساب",
  signedInAs: "تم تسجيل الدخول باسم {name}",
  roles: {
    admin: "مدير",
    teacher: "معلم",
    parent: "ولي أمر",
  },
  languageNames: {
    en: "English",
    ar: "العربية",
  },
  schoolProblemTitle: "خدمة المدرسة",
  backHome: "العودة إلى صفحة البداية",
  backToday: "العودة إلى اليوم",
  errorReference: "المرجع: {digest}",
  family: {
    title: "الأسرة",
    greeting: "السلام عليكم، {name}",
    childrenTitle: "أبناؤك",
    childrenEmpty: "لا يوجد أبناء مرتبطون بحسابك بعد. اطلب من مدير المدرسة ربطهم.",
  },
};
