import { defineEntity, p } from "@mikro-orm/postgresql";

// Provider replies kept for a while, so repeated searches don't spend the paid provider's quota.
// One row per provider and request (endpoint plus normalised parameters, never the key); a row
// past expires_at is ignored and overwritten by the next fetch, and purgeProviderCache deletes it.
const ProviderCacheSchema = defineEntity({
  name: "ProviderCache",
  tableName: "provider_cache",
  uniques: [{ properties: ["provider", "cacheKey"] }],
  properties: {
    id: p.integer().primary(),
    provider: p.string().length(40),
    cacheKey: p.string().length(1000),
    // The provider's reply as received (parsed JSON); mapped on every read, so a mapper fix
    // applies to cached replies too.
    body: p.json<unknown>(),
    fetchedAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
});
export class ProviderCache extends ProviderCacheSchema.class {}
ProviderCacheSchema.setClass(ProviderCache);

export const searchEntities = [ProviderCache];
