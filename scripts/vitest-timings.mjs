// A Vitest reporter for `npm test`'s list of the slowest files: how long each test file took from the
// start of its worker's setup to its last hook (import, setup files, tests and hooks), by project,
// written as JSON to the file named by VITEST_TIMINGS_FILE.
import { writeFileSync } from "node:fs";

export default class TimingsReporter {
  files = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    this.files.push({
      project: testModule.project.name,
      file: testModule.moduleId,
      ms: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
    });
  }

  onTestRunEnd() {
    if (process.env.VITEST_TIMINGS_FILE)
      writeFileSync(process.env.VITEST_TIMINGS_FILE, JSON.stringify(this.files));
  }
}
