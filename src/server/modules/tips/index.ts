// What the tips module offers the rest of the server; other modules import from here only.
export { toTip } from "./tip-dto.ts";
export { tipsRouter } from "./tips.routes.ts";
export {
  accountCreatedAt,
  countPublicTips,
  findVisibleTip,
  listTips,
  type TipRow,
  tipColumns,
} from "./tips.service.ts";
