import { runEvery } from "../../lib/periodic.ts";
import { buildDueExports, type ExportDeps, expireExports } from "./export.service.ts";

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

  /** The sweep: what waits, then the copies whose 48 hours have passed. Answers a stop. */
  start(): () => void {
    return runEvery({
      name: "The data export sweep",
      everyMs: 30_000,
      firstAfterMs: 5_000,
      logger: this.deps.logger,
      failureLevel: "warn",
      run: async () => {
        await this.run();
        const expired = await expireExports(this.deps);
        if (expired > 0) this.deps.logger.info(`Deleted ${expired} data export(s) past their 48 hours`);
      },
    });
  }
}
