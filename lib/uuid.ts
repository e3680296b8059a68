// Ids in URLs and forms are checked before they reach a query: anything that is not a UUID is
// simply not found (PostgreSQL would refuse it with an error).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);
