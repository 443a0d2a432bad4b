import { runEvery } from "../../lib/periodic.ts";
import { runDueDeletions } from "./deletion.service.ts";
import { buildDueExports } from "./export.service.ts";
import type { ExportDeps } from "./export-deps.ts";
import { expireExports, sweepStrayArchives } from "./export-sweeps.ts";

/**
 * Builds members' data exports on this server (ADR 088): at once when one is asked for here (`kick`), and
 * every half minute for those asked on another server or left by one that stopped. One run at a time per
 * server; a kick during a run makes the run look again when it ends.
 */
export class ExportRunner {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(readonly deps: ExportDeps) {}

  /** Builds what waits, now, in the background. */
  kick(): void {
    void this.run();
  }

  /** Builds what waits; resolves once nothing is left for this server to do. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await buildDueExports(this.deps);
        } while (this.again);
      } catch (error) {
        this.deps.logger.warn("Building data exports failed; the sweep tries again", error);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * The sweeps, each on its own timer so a build that takes long delays no deletion: what waits, every
   * half minute; every five minutes, the copies whose 48 hours have passed and files no copy names, and
   * the accounts whose deletion is due.
   * Answers a stop.
   */
  start(): () => void {
    const stopBuilds = runEvery({
      name: "The data export sweep",
      everyMs: 30_000,
      firstAfterMs: 5_000,
      logger: this.deps.logger,
      failureLevel: "warn",
      run: () => this.run(),
    });
    const stopDeletions = runEvery({
      name: "The deletion of old data exports",
      everyMs: 5 * 60_000,
      firstAfterMs: 10_000,
      logger: this.deps.logger,
      failureLevel: "warn",
      run: async () => {
        const expired = await expireExports(this.deps);
        if (expired > 0) this.deps.logger.info(`Deleted ${expired} data export(s) past their 48 hours`);
        const stray = await sweepStrayArchives(this.deps);
        if (stray > 0) this.deps.logger.info(`Deleted ${stray} file(s) no data export names`);
      },
    });
    // Accounts whose deletion's grace has ended, and the e-mail a day before (ADR 089).
    const stopAccountDeletions = runEvery({
      name: "The account deletion sweep",
      everyMs: 5 * 60_000,
      firstAfterMs: 15_000,
      logger: this.deps.logger,
      failureLevel: "warn",
      run: async () => {
        const { reminded, deleted } = await runDueDeletions(this.deps);
        if (reminded + deleted > 0)
          this.deps.logger.info(`Account deletions: ${deleted} done, ${reminded} member(s) reminded`);
      },
    });
    return () => {
      stopBuilds();
      stopDeletions();
      stopAccountDeletions();
    };
  }
}
