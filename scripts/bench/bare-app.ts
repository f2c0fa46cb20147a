// A bare Next.js app (one page, one paragraph, no client code), built with this project's
// node_modules in a temporary folder: the limit the shop's pages are measured beside. Nothing of
// the shop is in it (no middleware, no instrumentation, no CSS).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const FILES: Record<string, string> = {
  "package.json": `{ "private": true, "type": "module" }\n`,
  "app/layout.tsx": `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.tsx": `export const metadata = { title: "Bare page" };

export default function Page() {
  return <p>A bare Next.js page.</p>;
}
`,
};

export interface BareApp {
  url: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", resolve));
}

/** Builds and starts the bare app on `port`; `stop` ends it and removes its folder. */
export async function startBareApp(port: number): Promise<BareApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "lenwell-bare-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    for (const [name, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    const modules = await realpath("node_modules");
    await symlink(modules, path.join(dir, "node_modules"), "dir");
    // Turbopack must see both the app and the real node_modules folder under its root.
    await writeFile(
      path.join(dir, "next.config.mjs"),
      `export default { turbopack: { root: ${JSON.stringify(path.parse(dir).root)} } };\n`,
    );
    const next = path.join(modules, "next/dist/bin/next");
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
    const build = spawn(process.execPath, [next, "build"], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
    if ((await exited(build)) !== 0) throw new Error("The bare Next.js app did not build");
    const server = spawn(process.execPath, [next, "start", "-H", "127.0.0.1", "-p", String(port)], {
      cwd: dir,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      if (server.exitCode === null) {
        const done = exited(server);
        server.kill("SIGTERM");
        await done;
      }
      await remove();
    };
    for (let attempt = 0; ; attempt += 1) {
      if (server.exitCode !== null) throw new Error("The bare Next.js app stopped before it answered");
      try {
        if ((await fetch(url)).ok) return { url, stop };
      } catch {
        if (attempt > 200) {
          await stop();
          throw new Error("The bare Next.js app did not answer");
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await remove();
    throw error;
  }
}
