import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Templates of a server's DATA_DIR that test processes copy instead of making each their own (a
 * migrated database, or one a server has already started on). Vitest runs every test file in a
 * process of its own, so a template kept in memory would be made again for each file: the global
 * setup names one folder for the run (this variable, inherited by the test processes), the first
 * process that needs a template makes it there and the others wait for it; the global teardown
 * removes the folder.
 */
const TEMPLATES_VARIABLE = "SITE_TEST_DATA_TEMPLATES";

/** Gives up waiting for another process's template after this long (a start takes seconds). */
const WAIT_LIMIT_MS = 5 * 60_000;

/** For the global setup: this run's folder of templates, with the teardown that removes it. */
export function prepareDataTemplates(): (() => void) | undefined {
  // Several projects' setups run in one process: the first names the folder, the others keep it.
  if (process.env[TEMPLATES_VARIABLE]) return undefined;
  const root = mkdtempSync(path.join(tmpdir(), "site-templates-"));
  process.env[TEMPLATES_VARIABLE] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env[TEMPLATES_VARIABLE];
  };
}

/**
 * Servers a test process keeps for its later files (server-process.ts, sharedServer): their process
 * ids, in the run's folder, so the global teardown ends them. Vitest ends its test processes
 * without their 'exit' handlers, which would otherwise leave them running after the run.
 */
export function rememberRunServer(pid: number): void {
  const root = process.env[TEMPLATES_VARIABLE];
  if (!root || !existsSync(root)) return;
  mkdirSync(path.join(root, "servers"), { recursive: true });
  writeFileSync(path.join(root, "servers", String(pid)), "");
}

/** For the global teardown: ends every server the run's test processes kept. */
export function stopRunServers(): void {
  const root = process.env[TEMPLATES_VARIABLE];
  const folder = root ? path.join(root, "servers") : null;
  if (!folder || !existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    try {
      process.kill(Number(name), "SIGKILL");
    } catch {
      // Already ended.
    }
  }
}

/** A file of a finished template of this run (for the global teardown), or null without a run folder. */
export function templateFile(name: string, file: string): string | null {
  const root = process.env[TEMPLATES_VARIABLE];
  return root ? path.join(root, name, file) : null;
}

const made = new Map<string, Promise<string>>();

/**
 * The folder of the template `name`, filled by `make` once per run (once per process when no
 * global setup named a folder for the run). Nothing may write to it: copy what it holds.
 */
export function dataTemplate(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  let template = made.get(name);
  if (!template) {
    template = sharedTemplate(name, make);
    made.set(name, template);
    template.catch(() => made.delete(name));
  }
  return template;
}

async function sharedTemplate(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const root = process.env[TEMPLATES_VARIABLE];
  if (!root || !existsSync(root)) {
    const dir = mkdtempSync(path.join(tmpdir(), `site-template-${name}-`));
    await make(dir);
    return dir;
  }
  const ready = path.join(root, name);
  const lock = path.join(root, `${name}.lock`);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    if (existsSync(ready)) return ready;
    if (takeLock(lock)) {
      const dir = mkdtempSync(path.join(root, `${name}-making-`));
      try {
        await make(dir);
        try {
          renameSync(dir, ready);
        } catch (error) {
          // Another process made it too (it took over a lock it thought abandoned): keep theirs.
          if (!existsSync(ready)) throw error;
          rmSync(dir, { recursive: true, force: true });
        }
        return ready;
      } catch (error) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    }
    if (Date.now() > deadline)
      throw new Error(`the test data template "${name}" was not ready after ${WAIT_LIMIT_MS / 1000} s`);
    await sleep(100);
  }
}

/** The lock of a template being made: a folder (made atomically) naming its maker's process. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A test process that ended while making the template (its file failed or timed out) left its
    // lock: take it over.
    const owner = lockOwner(lock);
    if (owner > 0 && !isRunning(owner)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
  writeFileSync(path.join(lock, "pid"), String(process.pid));
  return true;
}

/** The process holding the lock; 0 while it has not written its number yet (or the lock is gone). */
function lockOwner(lock: string): number {
  try {
    return Number(readFileSync(path.join(lock, "pid"), "utf8")) || 0;
  } catch {
    return 0;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
