import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** When the module at `moduleUrl` is the script node started: `--self-test` runs `selfTest`, anything else prints the usage. */
export function selfTestWhenRun(moduleUrl: string, selfTest: () => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  if (process.argv.includes("--self-test")) {
    selfTest().catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
  } else {
    console.error(`usage: npx tsx scripts/${path.basename(fileURLToPath(moduleUrl))} --self-test`);
    process.exitCode = 2;
  }
}
