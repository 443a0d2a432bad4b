import { createRouter } from "../../lib/requests/create-router.ts";
import { decisionsRouter } from "./decisions.routes.ts";
import { logRouter } from "./log.routes.ts";
import { noticesRouter } from "./notices.routes.ts";
import { queueRouter } from "./queue.routes.ts";
import { removalsRouter } from "./removals.routes.ts";
import { reportsRouter } from "./reports.routes.ts";
import { teamRouter } from "./team.routes.ts";

/**
 * The moderation API, one router per resource. Mounted in this order because the API document lists the
 * paths in the order their routes were added, and that order is the one clients have read it in.
 */
export const moderationRouter = createRouter()
  .route("/", reportsRouter)
  .route("/", teamRouter)
  .route("/", queueRouter)
  .route("/", decisionsRouter)
  .route("/", removalsRouter)
  .route("/", noticesRouter)
  .route("/", logRouter);
