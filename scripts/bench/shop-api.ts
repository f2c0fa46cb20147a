// The real calls the benchmarks use to set the scene on a running shop: sign in the demo accounts,
// fill a cart, check out, and (as the demo operator) give products enough stock for a long run.
import { shipsToCustomer, type MerchandiseCategory } from "@/lib/config/catalog";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";

export interface Session {
  baseUrl: string;
  token: string;
  /** Cookie header of a signed-in browser: the session and the signed-in hint. */
  cookie: string;
}

interface Envelope<T> {
  code: number;
  data: T;
  errmsg: string;
}

export async function call<T>(
  session: Pick<Session, "baseUrl"> & Partial<Session>,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  // What a browser sends with its own calls (the API refuses cross-site mutations).
  const headers: Record<string, string> = { "sec-fetch-site": "same-origin" };
  if (session.token) headers.token = session.token;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(new URL(path, session.baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${envelope.errmsg}`);
  return envelope.data;
}

export async function signIn(baseUrl: string, role: "customer" | "admin"): Promise<Session> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo ${role}`);
  const response = await fetch(new URL("/api/v1/c/ulogin/login", baseUrl), {
    method: "POST",
    headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (response.status !== 200) throw new Error(`Login of the demo ${role} answered ${response.status}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
  const token = cookies.find((pair) => pair.startsWith("Token="))?.slice("Token=".length);
  if (!token) throw new Error("The login answer set no Token cookie");
  return { baseUrl, token, cookie: cookies.join("; ") };
}

export interface Listed {
  skuNum: string;
  stock: number;
  category: MerchandiseCategory;
}

export async function listedProducts(baseUrl: string): Promise<Listed[]> {
  const { list } = await call<{ list: Listed[] }>({ baseUrl }, "GET", "/api/v1/c/merchandise/list?pageSize=100");
  return list;
}

/**
 * The listed goods (what ships: the purifier, filters, accessories), the products a benchmark may
 * add to a cart over and over. Plans and services have rules of their own that refuse a repeated
 * add (one membership per customer, a care plan needs a purifier the shop vouches for), so a
 * rotation through them would count refusals as failed requests.
 */
export async function listedGoods(baseUrl: string): Promise<Listed[]> {
  return (await listedProducts(baseUrl)).filter((product) => shipsToCustomer(product.category));
}

/** Stock enough that a benchmark of adds never meets the stock limit. */
export async function stockUp(operator: Session, skus: string[], stock: number): Promise<void> {
  for (const sku of skus) await call(operator, "POST", "/api/v1/admin/catalogue/update", { sku, stock });
}

export async function emptyCart(customer: Session): Promise<void> {
  const { cartList } = await call<{ cartList: { skuNum: string }[] }>(customer, "GET", "/api/v1/c/order/cart/list");
  for (const line of cartList) await call(customer, "DELETE", "/api/v1/c/order/cart/delete/", { skuNum: line.skuNum });
}

export async function addToCart(customer: Session, skuNum: string, quantity: number): Promise<void> {
  await call(customer, "POST", "/api/v1/c/order/cart/add/", { skuNum, quantity });
}

export async function checkout(customer: Session): Promise<string> {
  return (await call<{ orderId: string }>(customer, "POST", "/api/v1/c/merchandise/cart/checkout", {})).orderId;
}
