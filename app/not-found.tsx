import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center gap-4 px-6 py-12">
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-base text-muted-foreground">This page does not exist, or it has moved.</p>
      <div>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Back to the start page
        </Link>
      </div>
    </main>
  );
}
