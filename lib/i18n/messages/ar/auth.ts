import type { Catalogue } from "../../types";
import type { auth as en } from "../en/auth";

export const auth: Catalogue<typeof en> = {
  landing: {
    eyebrow: "حلقات تحفيظ القرآن الكريم",
    intro: "الحضور والتسميع وخطط الحفظ لحلقات مدرستك، للمعلمين والإداريين.",
    connectedSchool: "المدرسة المتصلة",
    timeZone: "المنطقة الزمنية",
    data: "البيانات",
    demoData: "بيانات تجريبية من خدمة المدرسة المدمجة",
    problemTitle: "خدمة المدرسة غير متاحة",
    reference: "المرجع: {code}",
  },
  login: {
    title: "تسجيل الدخول",
    intro: "سجّل الدخول بالحساب الذي منحتك إياه مدرستك.",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    submit: "تسجيل الدخول",
    submitting: "جارٍ تسجيل الدخول…",
    or: "أو",
    oidc: "تسجيل الدخول عبر {name}",
    oidcDefault: "تسجيل الدخول بحساب المدرسة",
    demoTitle: "الحسابات التجريبية",
    demoHint: "كلمة المرور لكل الحسابات التجريبية: {password}",
  },
  errors: {
    invalidCredentials: "البريد الإلكتروني أو كلمة المرور غير صحيحة. تحقق منهما وحاول مرة أخرى.",
    rateLimitedMinutes: "محاولات فاشلة كثيرة. انتظر {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقةً} other {# دقيقة}} ثم حاول مرة أخرى.",
    rateLimited: "محاولات فاشلة كثيرة. انتظر بضع دقائق ثم حاول مرة أخرى.",
    rateLimitedSeconds: "محاولات فاشلة كثيرة. انتظر {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانيةً} other {# ثانية}} ثم حاول مرة أخرى.",
    disabled: "تم تعطيل هذا الحساب. تواصل مع مدير مدرستك.",
    accessDenied: "هذا الحساب لا يملك صلاحية الدخول إلى اللوحة. تواصل مع مدير مدرستك.",
    failed: "تعذر تسجيل الدخول. حاول مرة أخرى بعد قليل.",
    emailRequired: "أدخل بريدك الإلكتروني.",
    emailInvalid: "أدخل بريدًا إلكترونيًا مثل name@school.org.",
    passwordRequired: "أدخل كلمة المرور.",
    tooLong: "النص أطول من اللازم: {max} حرفًا على الأكثر.",
  },
};
