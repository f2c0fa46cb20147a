import "server-only";

// The catalogue service. Live reads (queries.ts) answer the API and anything that needs the stock;
// pages read the shared cache (cache.ts); operators change products through admin.ts.

export {
  getMerchandise,
  getMerchandiseOrThrow,
  listAllMerchandise,
  listMerchandise,
  listedSkus,
  productStock,
  toMerchandise,
} from "./queries";
export { isListedSku, readCategory, readShelf, readShelfItem, readStock, stockMovedAfterCommit, stockTag } from "./cache";
export { dealsOf, listDeals, type Deal } from "./deals";
export { readPictureDataUrl } from "./picture";
export { operatorGetProduct, operatorListProducts, updateMerchandise } from "./operator";
