import { readFileSync } from "node:fs";
import path from "node:path";

type Route = { page: string; regex: RegExp };

let routes: { exact: Map<string, string>; dynamic: Route[] } | null = null;

/**
 * The app's route a path belongs to (`/students/[id]`), from the build's routes manifest: the
 * metrics' `route` label names a page, never a record, so its values stay few. Files of the build
 * are `/_next/…`; a path no route matches is `other`.
 */
export function routeTemplate(pathname: string): string {
  if (pathname.startsWith("/_next/")) return "/_next";
  if (pathname.startsWith("/api/v1/")) return "/api/v1";
  routes ??= loadRoutes();
  const exact = routes.exact.get(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
  if (exact) return exact;
  return routes.dynamic.find((route) => route.regex.test(pathname))?.page ?? "other";
}

function loadRoutes(): NonNullable<typeof routes> {
  try {
    const manifest = JSON.parse(readFileSync(path.join(process.cwd(), ".next", "routes-manifest.json"), "utf8")) as {
      staticRoutes?: { page: string }[];
      dynamicRoutes?: { page: string; regex: string }[];
    };
    return {
      exact: new Map((manifest.staticRoutes ?? []).map((route) => [route.page, route.page])),
      dynamic: (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, regex: new RegExp(route.regex) })),
    };
  } catch {
    return { exact: new Map(), dynamic: [] };
  }
}
