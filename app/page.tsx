import Link from "next/link";
import { connection } from "next/server";
import type { School } from "@/lib/contract";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { connectSchool, describeV1Error, schoolConnectionFromEnv, V1Error, type Problem } from "@/lib/v1";

type Landing = { ok: true; school: School; demo: boolean } | { ok: false; problem: Problem };

async function loadLanding(): Promise<Landing> {
  try {
    const { mode, ...config } = schoolConnectionFromEnv();
    const { school } = await connectSchool(config);
    return { ok: true, school, demo: mode === "embedded" };
  } catch (error) {
    if (!(error instanceof V1Error)) throw error;
    // V1 errors carry no credential, so their code and message are safe for the server log.
    console.warn(`[landing] school API: ${error.name} ${error.code}: ${error.message}`);
    return { ok: false, problem: describeV1Error(error) };
  }
}

export default async function LandingPage() {
  // The school's API is only reachable at request time (it is not running during the build).
  await connection();
  const landing = await loadLanding();

  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col justify-center gap-8 px-6 py-12">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium tracking-wide text-primary uppercase">Quran study circles</p>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Halqa dashboard</h1>
        <p className="text-base text-muted-foreground">
          Attendance, recitations and learning plans for your school&apos;s halqas, for teachers and administrators.
        </p>
      </header>

      {landing.ok ? <SchoolCard school={landing.school} demo={landing.demo} /> : <ProblemCard problem={landing.problem} />}
    </main>
  );
}

function SchoolCard({ school, demo }: { school: School; demo: boolean }) {
  return (
    <section aria-labelledby="school-label">
      <Card>
        <CardHeader>
          <CardDescription id="school-label">Connected school</CardDescription>
          <CardTitle as="h2" className="text-2xl">
            {school.name}
          </CardTitle>
          {school.name_ar ? (
            <p lang="ar" dir="rtl" className="text-xl text-muted-foreground">
              {school.name_ar}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Time zone</dt>
            <dd>{school.time_zone}</dd>
            {demo ? (
              <>
                <dt className="text-muted-foreground">Data</dt>
                <dd>Demo data from the built-in school service</dd>
              </>
            ) : null}
          </dl>
        </CardContent>
        <CardFooter>
          <Link href="/login" className={buttonVariants({ size: "lg" })}>
            Sign in
          </Link>
        </CardFooter>
      </Card>
    </section>
  );
}

/** The API denied or could not be reached: say what happened, in our words, and keep the way in. */
function ProblemCard({ problem }: { problem: Problem }) {
  return (
    <section aria-labelledby="problem-title">
      <Card className="border-warning-foreground/30 bg-warning text-warning-foreground">
        <CardHeader>
          <CardTitle as="h2" id="problem-title">
            {problem.title}
          </CardTitle>
          <p className="text-base">{problem.detail}</p>
        </CardHeader>
        <CardContent>
          <p className="text-sm">
            Reference: <code className="font-mono">{problem.code}</code>
          </p>
        </CardContent>
        <CardFooter>
          <Link href="/login" className={buttonVariants({ variant: "outline", size: "lg" })}>
            Sign in
          </Link>
        </CardFooter>
      </Card>
    </section>
  );
}
