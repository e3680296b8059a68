// Tests only: a Stripe API on 127.0.0.1 that records every request and answers in Stripe's shapes
// for the endpoints billing uses (products, prices, customers, Checkout and portal sessions,
// subscriptions, invoices, refunds). State is in memory; helpers play Stripe's part (a customer
// finishing Checkout, a renewal, a failed charge) and sign webhook events with the library's
// test-header helper, as Stripe signs them.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface StripeHit {
  method: string;
  path: string;
  params: Record<string, any>;
  idempotencyKey: string | undefined;
}

type Obj = Record<string, any>;

/** `a[b][0]=x&a[b][1]=y` (Stripe's form encoding) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let at: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const slot = part === "" ? at.length : part;
      if (last) at[slot] = value;
      else at = at[slot] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

export interface FakeStripe {
  url: string;
  /** For setStripeSettings / STRIPE_API_BASE. */
  settings: { secretKey: string; webhookSecret: string; api: { host: string; port: number; protocol: "http" } };
  env: Record<string, string>;
  hits: StripeHit[];
  products: Map<string, Obj>;
  prices: Map<string, Obj>;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  refunds: Obj[];
  /** Answer every API call with this status (500, 503) until cleared; "hang" never answers. */
  failWith: number | "hang" | null;
  /** Stripe's part: the customer pays on Checkout. Creates the subscription and its first invoice. */
  completeCheckout(sessionId: string, opts?: { paid?: boolean }): { session: Obj; subscription: Obj; invoice: Obj };
  /** A new period's invoice for the subscription, paid or failed; moves the period on when paid. */
  invoiceFor(subscriptionId: string, opts: { paid: boolean; at?: number }): Obj;
  /** A webhook event as Stripe sends it: body and its Stripe-Signature header. */
  event(
    type: string,
    object: Obj,
    opts?: { id?: string; timestamp?: number; secret?: string },
  ): { id: string; body: string; signature: string };
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
let counter = 0;
const newId = (prefix: string) =>
  `${prefix}_${(++counter).toString(36).padStart(6, "0")}${Math.random().toString(36).slice(2, 10)}`;
const DAY = 86_400;

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake = {
    hits: [] as StripeHit[],
    products: new Map<string, Obj>(),
    prices: new Map<string, Obj>(),
    customers: new Map<string, Obj>(),
    sessions: new Map<string, Obj>(),
    subscriptions: new Map<string, Obj>(),
    invoices: new Map<string, Obj>(),
    refunds: [] as Obj[],
    failWith: null as number | "hang" | null,
  } as FakeStripe;
  const secret = `whsec_test_${Math.random().toString(36).slice(2)}`;
  const signer = new Stripe("sk_test_signer");

  const list = (data: Obj[], url: string) => ({ object: "list", data, has_more: false, url });
  const notFound = (what: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}: '${id}'`,
        param: "id",
      },
    },
  });
  const invalid = (message: string, param?: string) => ({
    status: 400,
    body: { error: { type: "invalid_request_error", message, param } },
  });

  const periodEnd = (start: number, interval: string) => start + (interval === "year" ? 365 : 30) * DAY;

  function subscriptionFor(customer: string, priceId: string, opts: { trialEnd?: number; metadata?: Obj }): Obj {
    const price = fake.prices.get(priceId)!;
    const start = now();
    const trialing = opts.trialEnd && opts.trialEnd > start;
    const sub: Obj = {
      id: newId("sub"),
      object: "subscription",
      customer,
      created: start,
      status: trialing ? "trialing" : "active",
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_end: trialing ? opts.trialEnd : null,
      metadata: opts.metadata ?? {},
      default_payment_method: newPaymentMethod(),
      latest_invoice: null,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: trialing ? opts.trialEnd : periodEnd(start, price.recurring.interval),
          },
        ],
      },
    };
    fake.subscriptions.set(sub.id, sub);
    return sub;
  }

  function newPaymentMethod(): Obj {
    return {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
    };
  }

  // Invoices made in one test second still come in order, as Stripe's would seconds apart.
  let lastInvoiceAt = 0;
  fake.invoiceFor = (subscriptionId, { paid, at = Math.max(now(), lastInvoiceAt + 1) }) => {
    lastInvoiceAt = Math.max(lastInvoiceAt, at);
    const sub = fake.subscriptions.get(subscriptionId)!;
    const item = sub.items.data[0];
    const amount = item.price.unit_amount;
    const chargeId = newId("ch");
    const invoice: Obj = {
      id: newId("in"),
      object: "invoice",
      customer: sub.customer,
      created: at,
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: "usd",
      hosted_invoice_url: `${fake.url}/invoices/hosted/${subscriptionId}/${fake.invoices.size + 1}`,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      status_transitions: { paid_at: paid ? at : null },
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      payments: { object: "list", data: paid ? [{ payment: { type: "charge", charge: chargeId } }] : [] },
    };
    fake.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    if (paid) {
      if (sub.status !== "trialing") sub.status = "active";
      item.current_period_start = item.current_period_end > at ? item.current_period_start : at;
    } else if (sub.status === "active") {
      sub.status = "past_due";
    }
    return invoice;
  };

  fake.completeCheckout = (sessionId, { paid = true } = {}) => {
    const session = fake.sessions.get(sessionId)!;
    const priceId = session.line_items_price;
    const sub = subscriptionFor(session.customer, priceId, {
      trialEnd: session.subscription_data?.trial_end ? Number(session.subscription_data.trial_end) : undefined,
      metadata: session.subscription_data?.metadata ?? {},
    });
    const invoice = fake.invoiceFor(sub.id, { paid: paid && sub.status !== "trialing" });
    if (sub.status === "trialing") {
      invoice.amount_due = 0;
      invoice.status = "paid";
    }
    Object.assign(session, { status: "complete", payment_status: paid ? "paid" : "unpaid", subscription: sub.id });
    return { session, subscription: sub, invoice };
  };

  fake.event = (type, object, opts = {}) => {
    const id = opts.id ?? newId("evt");
    const body = JSON.stringify({
      id,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: opts.timestamp ?? now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: opts.secret ?? secret,
      timestamp: opts.timestamp,
    });
    return { id, body, signature };
  };

  type Reply = { status?: number; body: unknown };

  function route(method: string, path: string, params: Obj): Reply {
    const seg = path.split("/").filter(Boolean).slice(1); // drop "v1"
    const [kind, id, sub] = seg;
    const full = seg.join("/");

    if (kind === "products") {
      if (method === "POST" && !id) {
        if (params.id && fake.products.has(params.id)) return invalid(`Product already exists.`, "id");
        const product = {
          id: params.id ?? newId("prod"),
          object: "product",
          active: true,
          name: params.name,
          description: params.description ?? null,
          metadata: params.metadata ?? {},
        };
        fake.products.set(product.id, product);
        return { body: product };
      }
      const product = id ? fake.products.get(id) : undefined;
      if (!product) return notFound("product", id ?? "");
      if (method === "POST")
        Object.assign(product, {
          ...params,
          active: params.active === undefined ? product.active : params.active === "true",
        });
      return { body: product };
    }

    if (kind === "prices") {
      if (method === "GET" && !id) {
        const keys: string[] = params.lookup_keys ?? [];
        let data = [...fake.prices.values()].filter((p) => keys.includes(p.lookup_key));
        if (params.active !== undefined) data = data.filter((p) => String(p.active) === params.active);
        return { body: list(data, "/v1/prices") };
      }
      if (method === "POST" && !id) {
        if (!fake.products.has(params.product)) return notFound("product", params.product);
        if (params.lookup_key) {
          const holder = [...fake.prices.values()].find((p) => p.lookup_key === params.lookup_key);
          if (holder && params.transfer_lookup_key !== "true")
            return invalid("A price with this lookup key already exists.", "lookup_key");
          if (holder) holder.lookup_key = null;
        }
        const price = {
          id: newId("price"),
          object: "price",
          active: true,
          currency: params.currency,
          unit_amount: Number(params.unit_amount),
          product: params.product,
          lookup_key: params.lookup_key ?? null,
          recurring: { interval: params.recurring?.interval, interval_count: 1 },
          type: "recurring",
          metadata: params.metadata ?? {},
        };
        fake.prices.set(price.id, price);
        return { body: price };
      }
      const price = id ? fake.prices.get(id) : undefined;
      if (!price) return notFound("price", id ?? "");
      if (method === "POST" && params.active !== undefined) price.active = params.active === "true";
      return { body: price };
    }

    if (kind === "customers") {
      if (method === "POST" && !id) {
        const customer = {
          id: newId("cus"),
          object: "customer",
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
        };
        fake.customers.set(customer.id, customer);
        return { body: customer };
      }
      const customer = id ? fake.customers.get(id) : undefined;
      return customer ? { body: customer } : notFound("customer", id ?? "");
    }

    if (full === "checkout/sessions" && method === "POST") {
      if (params.mode !== "subscription") return invalid("Only subscription mode here.", "mode");
      if (!fake.customers.has(params.customer)) return notFound("customer", params.customer);
      const priceId = params.line_items?.[0]?.price;
      if (!fake.prices.get(priceId)?.active) return notFound("price", priceId);
      const id = newId("cs_test");
      const session = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        customer: params.customer,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `${fake.url}/checkout/pay/${id}`,
        subscription_data: params.subscription_data ?? null,
        line_items_price: priceId,
      };
      fake.sessions.set(id, session);
      return { body: session };
    }

    if (full === "billing_portal/sessions" && method === "POST") {
      if (!fake.customers.has(params.customer)) return notFound("customer", params.customer);
      const id = newId("bps");
      return {
        body: {
          id,
          object: "billing_portal.session",
          customer: params.customer,
          return_url: params.return_url,
          flow: params.flow_data ?? null,
          url: `${fake.url}/portal/${id}`,
        },
      };
    }

    if (kind === "subscriptions") {
      const subscription = id ? fake.subscriptions.get(id) : undefined;
      if (method === "GET" && !id) {
        const data = [...fake.subscriptions.values()].filter((s) => !params.customer || s.customer === params.customer);
        return { body: list(data, "/v1/subscriptions") };
      }
      if (!subscription) return notFound("subscription", id ?? "");
      if (method === "DELETE") {
        Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
        return { body: subscription };
      }
      if (method === "POST") {
        if (params.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
        const newPrice = params.items?.[0]?.price;
        if (newPrice) {
          const price = fake.prices.get(newPrice);
          if (!price) return notFound("price", newPrice);
          subscription.items.data[0].price = price;
        }
        if (params.metadata) subscription.metadata = { ...subscription.metadata, ...params.metadata };
      }
      return { body: expandSubscription(subscription, params) };
    }

    if (kind === "invoices" && method === "GET") {
      if (id) return fake.invoices.has(id) ? { body: fake.invoices.get(id) } : notFound("invoice", id);
      const data = [...fake.invoices.values()]
        .filter((i) => !params.customer || i.customer === params.customer)
        .sort((a, b) => b.created - a.created)
        .slice(0, Number(params.limit ?? 10));
      return { body: list(data, "/v1/invoices") };
    }

    if (kind === "refunds" && method === "POST") {
      const refund = {
        id: newId("re"),
        object: "refund",
        charge: params.charge ?? null,
        payment_intent: params.payment_intent ?? null,
        amount: Number(params.amount ?? 0) || null,
        status: "succeeded",
        reason: params.reason ?? null,
        metadata: params.metadata ?? {},
      };
      fake.refunds.push(refund);
      return { body: refund };
    }

    void sub;
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  function expandSubscription(subscription: Obj, params: Obj): Obj {
    const expand: string[] = params.expand ?? [];
    const copy = structuredClone(subscription);
    if (!expand.includes("default_payment_method"))
      copy.default_payment_method = subscription.default_payment_method.id;
    return copy;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const text =
        req.method === "GET" || req.method === "DELETE" ? url.search.slice(1) : Buffer.concat(chunks).toString("utf8");
      const params = parseStripeForm(text);
      const hit: StripeHit = {
        method: req.method ?? "",
        path: url.pathname,
        params,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      };
      fake.hits.push(hit);
      if (fake.failWith === "hang") return;
      if (fake.failWith) {
        res.writeHead(fake.failWith, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: "The fake is down." } }));
        return;
      }
      if (!url.pathname.startsWith("/v1/")) {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end(`<!doctype html><title>Fake Stripe</title><h1>Fake Stripe page ${url.pathname}</h1>`);
        return;
      }
      if (req.headers.authorization !== `Bearer ${fake.settings.secretKey}`) {
        res.writeHead(401, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided." } }));
        return;
      }
      const reply = route(req.method ?? "GET", url.pathname, params);
      res.writeHead(reply.status ?? 200, { "Content-Type": "application/json", "Request-Id": newId("req") });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.settings = {
    secretKey: "sk_test_fake",
    webhookSecret: secret,
    api: { host: "127.0.0.1", port, protocol: "http" },
  };
  fake.env = { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: fake.url };
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
