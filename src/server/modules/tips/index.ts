// What the tips module offers the rest of the server; other modules import from here only.
export { listCropTips } from "./crop-tips.ts";
export { toTip } from "./tip-dto.ts";
export { countPublicTips, listTips } from "./tip-list.ts";
export { type TipRow, tipColumns } from "./tip-row.ts";
export { tipsRouter } from "./tips.routes.ts";
export { accountCreatedAt, findTipToAnswer, findVisibleTip } from "./tips.service.ts";
