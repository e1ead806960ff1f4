import type { Catalogue } from "../../types";
import type { home as en } from "../en/home";

export const home: Catalogue<typeof en> = {
  title: "اليوم",
  schoolDay: "اليوم الدراسي: {date}",
  mySessions: "جلساتي اليوم",
  allSessions: "جلسات اليوم",
  noSessionsToday: "لا توجد جلسات اليوم",
  noSessionsTodayHint: "ابدأ جلسة من الأسفل عند بدء الدرس.",
  openSessions: "ما زالت مفتوحة من أيام سابقة",
  openSessionsHint: "جلسات من يوم سابق لم تُنهَ. جلسات اليوم معروضة أعلاه.",
  noOpenSessions: "لا شيء من يوم سابق",
  noOpenSessionsHint: "أُنهيت جميع جلسات الأيام السابقة.",
  attentionHalqa: "في {halqa}",
  attendanceCount: "حاضر: {present}، متأخر: {late}، غائب: {absent}، معذور: {excused}",
  attendanceNone: "لم يُسجَّل الحضور بعد",
  startTitle: "بدء جلسة",
  startHint: "اختر الحلقة ومن يتولاها. تبدأ الجلسة الآن بتاريخ اليوم.",
  showingOf: "{count, plural, zero {لا جلسات} one {يظهر {shown} من جلسة واحدة} two {يظهر {shown} من جلستين} few {يظهر {shown} من # جلسات} many {يظهر {shown} من # جلسة} other {يظهر {shown} من # جلسة}}",
  moreSessions: "اعرضها كلها في الجلسات",
  findHalqa: "ابحث عن الحلقة",
  chooseHalqa: "اختر هذه الحلقة",
  allSessionsLink: "كل الجلسات",
};
